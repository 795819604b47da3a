"""The generated run's choices: which tasks (all, SAMPLE a family, ONLY), and where an attempt runs: under the
trace folder for the dev half only."""

from __future__ import annotations

import collections
from pathlib import Path

from devtools.eval.card import GeneratedCard, terminal_text
from devtools.eval.families import Setting
from devtools.eval.generated import Options, attempt_folder, chosen_tasks, play_all
from devtools.eval.journal import Journal, header
from devtools.eval.server import MeteringProxy
from devtools.eval.tally import Attempt
from devtools.eval.tasks import DEV, HELD_OUT
from tests.support.fake_peer import fake_venv
from tests.support.stub_openai_server import StubOpenAIServer


def test_every_task_by_default_and_k_a_family_with_a_sample() -> None:
    everything = chosen_tasks(Options())
    sampled = chosen_tasks(Options(sample=3))

    assert len(everything) >= 40 + 20 + 20 + 10 + 10
    assert set(collections.Counter(task.family for task in sampled).values()) == {3}


def test_only_keeps_the_tasks_whose_id_holds_the_text() -> None:
    chosen = chosen_tasks(Options(only="FIX:SLUGS"))

    assert chosen and all(task.id.startswith("fix:slugs/") for task in chosen)


def test_half_keeps_the_tasks_of_that_half_only() -> None:
    chosen = chosen_tasks(Options(only="fix:", half=HELD_OUT))

    assert len(chosen) >= 20 and {task.half for task in chosen} == {HELD_OUT}


def test_a_trace_keeps_the_dev_half_only(tmp_path: Path) -> None:
    tasks = chosen_tasks(Options(sample=2, only="fix:"))
    dev = next(task for task in tasks if task.half == DEV)
    held_out = next(task for task in tasks if task.half == HELD_OUT)
    trace, scratch = tmp_path / "trace", tmp_path / "scratch"

    kept = attempt_folder(scratch, trace, dev, "orkeon", 0)
    hidden = attempt_folder(scratch, trace, held_out, "orkeon", 0)
    untraced = attempt_folder(scratch, None, dev, "aider", 1)

    assert (kept[1], kept[0].is_relative_to(trace), hidden[1], hidden[0].is_relative_to(scratch)) == (
        True, True, False, True)
    assert (untraced[1], untraced[0].name) == (False, "aider-r1")


def test_a_run_of_the_peers_fills_both_halves_of_the_card_and_keeps_dev_traces_only(tmp_path: Path) -> None:
    options = Options(sample=2, agents=("aider", "mini-swe-agent"), trace=tmp_path / "trace")
    tasks = chosen_tasks(options)
    venv = fake_venv(tmp_path / "venv")
    said: list[str] = []
    with StubOpenAIServer(default={"content": "ok"}) as stub:
        proxy = MeteringProxy(stub.port).start()
        try:
            setting = Setting(proxy.api_base, 60, {"aider": venv, "mini-swe-agent": venv})
            attempts = play_all(tasks, options, setting, proxy, tmp_path / "scratch", said.append)
        finally:
            proxy.stop()

    card = GeneratedCard("1.5b", "M", "stub", "now", "abc", 51, 1, attempts, ["orkeon", "aider", "mini-swe-agent"])
    played = {(a.family, a.agent, a.half) for a in attempts}
    kept = list((tmp_path / "trace").rglob("exchanges.json"))
    assert played == {(family, agent, half) for family, agent in [("fix", "aider"), ("fix", "mini-swe-agent"),
                                                                  ("question", "aider"), ("commit", "aider")]
                      for half in (DEV, HELD_OUT)}
    assert (len(said), len(kept)) == (len(attempts), sum(1 for a in attempts if a.half == DEV))
    assert "Held-out half" in terminal_text(card) and "commit" in terminal_text(card).split("Held-out half")[1]


def test_a_journaled_run_goes_on_where_the_stopped_one_left_off(tmp_path: Path) -> None:
    options = Options(sample=1, agents=("aider",), only="question")
    tasks = chosen_tasks(options)
    venv = fake_venv(tmp_path / "venv")
    journal_file = tmp_path / "card.jsonl"
    card_header = header("1.5b", "abc1234", 51, 1, ["aider"])
    with StubOpenAIServer(default={"content": "ok"}) as stub:
        proxy = MeteringProxy(stub.port).start()
        try:
            setting = Setting(proxy.api_base, 60, {"aider": venv})
            first = play_all(tasks, options, setting, proxy, tmp_path / "one", [].append,
                             Journal(journal_file, card_header))
            said: list[str] = []
            second = play_all(tasks, options, setting, proxy, tmp_path / "two", said.append,
                              Journal(journal_file, card_header))
        finally:
            proxy.stop()

    assert len(first) == 1 and second == first
    assert said == [f"going on from {journal_file}: 1 of 1 attempts ran already"]
    assert not (tmp_path / "two").exists()


def test_a_card_stopped_part_way_is_not_complete() -> None:
    attempt = Attempt("fix", "fix:a", "held-out", "orkeon", True, "ok", 10, 1.0)

    assert not GeneratedCard("1.5b", "M", "s", "now", "abc", 51, 1, [attempt], ["orkeon"], planned=2).complete
    assert GeneratedCard("1.5b", "M", "s", "now", "abc", 51, 1, [attempt, attempt], ["orkeon"], planned=2).complete
