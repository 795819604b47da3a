"""How each family is judged by code, and played: Aider and mini-swe-agent as fakes, Orkeon for real against the
loopback stub model behind the eval's metering proxy."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from devtools.eval.families import (
    FIGURES,
    ReviewCounts,
    Setting,
    agents_for,
    judge_answer,
    judge_fix,
    judge_message,
    judge_review,
    play,
    review_counts,
)
from devtools.eval.generated import attempt
from devtools.eval.mutations import DROPPABLE
from devtools.eval.projects import load
from devtools.eval.server import MeteringProxy
from devtools.eval.tasks import Task, generate
from devtools.eval.workspace import make_repository, run_orkeon, write_files
from tests.support.fake_peer import fake_venv
from tests.support.stub_openai_server import StubOpenAIServer

TASKS = generate()


def _first(family: str, text: str = "") -> Task:
    return next(task for task in TASKS if task.family == family and text in task.id)


@pytest.mark.parametrize(("text", "answer", "passed"), [
    ("It listens on 8731.", "8731", True), ("It listens on 8,731 by default", "8731", True),
    ("port 87310", "8731", False), ("The sender is alerts@example.org.", "alerts@example.org", True),
    ("It calls `list_path`", "list_path", True), ("It calls list_paths", "list_path", False),
    ("WARNING level", "warning", True), ("version 1.90.2", "90", False)])
def test_an_answer_must_hold_the_fact_as_a_word_of_its_own(text: str, answer: str, passed: bool) -> None:
    assert judge_answer(text, answer).passed is passed


def test_orkeons_closing_figures_are_not_taken_for_the_answer() -> None:
    said = "I could not tell.\n(15 tool calls, 4 model calls: 12,482 tokens in (summed over the calls), 90 out)"

    assert judge_answer(FIGURES.sub("", said), "15").passed is False


def _report(*findings: dict[str, object]) -> str:
    return json.dumps({"findings": list(findings), "dropped": []})


def test_a_seeded_review_passes_with_a_finding_one_line_off() -> None:
    task = replace(_first("review"), path="a.py", line=10, bug_words=())

    assert [judge_review(_report({"path": "a.py", "line": line, "title": "t"}), task).passed
            for line in (9, 11, 12)] == [True, True, False]


def test_a_seeded_review_must_name_the_bug_in_its_finding_on_that_line() -> None:
    task = replace(_first("review"), path="a.py", line=10, bug_words=("swap", "order"))

    named = judge_review(_report({"path": "a.py", "line": 10, "title": "Arguments passed in the wrong order"}), task)
    unnamed = judge_review(_report({"path": "a.py", "line": 10, "title": "Logic copied instead of reused"}), task)

    assert (named.passed, unnamed.passed) == (True, False)
    assert "does not name the bug" in unnamed.note


def test_every_seeded_review_has_words_that_name_its_bug() -> None:
    reviews = [task for task in TASKS if task.family == "review"]

    dropped_calls = [task for task in reviews if ":dropped call:" in task.id]
    assert reviews and all(task.bug_words for task in reviews)
    assert all(set(task.bug_words) & DROPPABLE for task in dropped_calls)


def test_a_seeded_review_fails_on_another_file_or_no_json() -> None:
    task = replace(_first("review"), path="a.py", line=10)

    assert (judge_review(_report({"path": "b.py", "line": 10}), task).passed,
            judge_review("Traceback", task).note.startswith("no JSON report")) == (False, True)


def test_a_clean_diff_fails_on_a_finding_of_medium_or_higher_only() -> None:
    task = _first("review-clean")

    assert [judge_review(_report({"path": "a.py", "line": 1, "severity": severity}), task).passed
            for severity in ("nit", "low", "medium", "high", "blocker")] == [True, True, False, False, False]


@pytest.mark.parametrize(("message", "types", "passed"), [
    ("docs: add a usage section", ("docs",), True), ("fix: add a usage section", ("docs",), False),
    ("chore(deps): bump pytest", ("build", "chore"), True), ("feat: add x\nbody", ("feat",), False),
    ("refactor(cli): rename render", ("refactor",), True)])
def test_a_commit_must_carry_the_type_of_its_change(message: str, types: tuple[str, ...], passed: bool) -> None:
    assert judge_message(message, types).passed is passed


def test_a_fix_is_judged_by_the_original_tests_whatever_the_agent_did_to_them(tmp_path: Path) -> None:
    task = _first("fix", "slugs")
    project = load(task.project)
    repo = make_repository(tmp_path / "repo", task.committed)
    buggy = judge_fix(repo, task).passed
    write_files(repo, {path: "" for path in project.tests})  # tests emptied: they would "pass"
    emptied = judge_fix(repo, task).passed
    write_files(repo, {path: text for path, text in project.files.items() if path in project.sources})

    fixed = judge_fix(repo, task).passed

    assert (buggy, emptied, fixed) == (False, False, True)


def test_the_agents_of_each_family() -> None:
    assert [agents_for(family) for family in ("fix", "question", "review", "commit")] == [
        ("orkeon", "aider", "mini-swe-agent"), ("orkeon", "aider"), ("orkeon",), ("orkeon", "aider")]


@pytest.fixture
def setting(tmp_path: Path) -> Setting:
    venv = fake_venv(tmp_path / "venv")
    return Setting("http://127.0.0.1:9/v1", 120, {"aider": venv, "mini-swe-agent": venv})


def test_aider_answers_a_question_from_its_history(setting: Setting, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    task = _first("question", "INVENTORY_PORT")
    monkeypatch.setenv("FAKE_AIDER_REPLY", f"The default is {task.answer}.")

    verdict = play(task, "aider", tmp_path / "attempt", setting).verdict

    called = json.loads((tmp_path / "attempt" / "aider-call.json").read_text(encoding="utf-8"))["argv"]
    assert (verdict.passed, set(task.files) <= set(called)) == (True, True)


def test_aider_commits_and_the_message_is_judged(setting: Setting, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    task = next(t for t in TASKS if t.family == "commit" and t.types == ("feat",))
    monkeypatch.setenv("FAKE_AIDER_MESSAGE", "docs: describe the new function")

    verdict = play(task, "aider", tmp_path / "attempt", setting).verdict

    assert (verdict.passed, verdict.note) == (False, "type docs, not feat: 'docs: describe the new function'")


def test_mini_that_changes_nothing_leaves_the_tests_failing_and_its_own_time_is_counted(
        setting: Setting, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    task = _first("fix")
    monkeypatch.setenv("FAKE_PEER_SLEEP", "1.5")

    played = play(task, "mini-swe-agent", tmp_path / "attempt", setting)

    called = json.loads((tmp_path / "attempt" / "mini-call.json").read_text(encoding="utf-8"))["argv"]
    assert (played.verdict.passed, played.verdict.note.startswith("the tests fail"), task.prompt in called,
            played.seconds >= 1.5) == (False, True, True, True)


def test_orkeon_answers_a_question_through_the_proxy_and_the_attempt_is_metered(tmp_path: Path) -> None:
    task = _first("question", "INVENTORY_PORT")
    with StubOpenAIServer(default={"content": f"The port is {task.answer} unless INVENTORY_PORT is set."}) as stub:
        proxy = MeteringProxy(stub.port).start()
        try:
            folder = tmp_path / "attempt"
            folder.mkdir()
            done = attempt(task, "orkeon", folder, Setting(proxy.api_base, 120, {}), proxy.reset, keep=True)
        finally:
            proxy.stop()

    exchanges = json.loads((folder / "exchanges.json").read_text(encoding="utf-8"))
    assert (done.passed, done.tokens > 0, done.model_calls >= 1, len(exchanges) == done.model_calls) == (
        True, True, True, True), done.note


def test_orkeon_plays_a_fix_with_the_projects_test_rule_in_force_and_is_judged_by_the_tests(tmp_path: Path) -> None:
    task = _first("fix", "basket")
    with StubOpenAIServer(default={"content": "I could not find the bug."}) as stub:
        played = play(task, "orkeon", tmp_path, Setting(stub.url, 120, {}))
        verdict = played.verdict
        rules = run_orkeon(tmp_path / "repo", tmp_path / "home", stub.url, ["permissions"], 60).stdout

    allowed = [line.split()[:2] for line in rules.splitlines() if line.startswith("allow")]
    assert (verdict.passed, verdict.note.startswith("the tests fail"), played.crashed) == (False, True, False)
    assert ["allow", "shell_command(python"] in allowed and "held back" not in rules


def test_orkeon_runs_under_the_settings_an_ablation_gives_and_the_project_is_left_as_made(tmp_path: Path) -> None:
    task = _first("fix", "basket")
    with StubOpenAIServer(default={"content": "I could not find the bug."}) as stub:
        play(task, "orkeon", tmp_path, Setting(stub.url, 120, {}, {"assistant.candidates": 3}))
        said = run_orkeon(tmp_path / "repo", tmp_path / "home", stub.url, ["config", "get", "assistant.candidates"],
                          60).stdout

    assert "3" in said
    assert "candidates" not in (tmp_path / "repo" / ".orkeon" / "config.json").read_text()


def test_an_answer_orkeon_said_claimed_what_did_not_happen_is_marked() -> None:
    from devtools.eval.families import claims_unbacked
    from orkeon_engine.domain.model_replies.unbacked_claims import NO_CHANGE

    assert claims_unbacked(f"Added median to stats.py.\n\n{NO_CHANGE}\n")
    assert not claims_unbacked("Added median to stats.py.")


def test_a_traceback_on_orkeons_standard_error_marks_the_attempt_and_one_in_its_answer_does_not() -> None:
    from devtools.eval.families import crashed
    from devtools.eval.workspace import Run

    trace = 'Traceback (most recent call last):\n  File "x.py", line 1\nKeyError: 1\n'

    assert crashed(Run(1, "", trace, 1.0))
    assert not crashed(Run(0, f"The check failed:\n{trace}", "", 1.0))
    assert not crashed(Run(2, "", "orkeon: the settings key 'x' is unknown\n", 1.0))


def test_a_reviews_counts_split_its_dropped_proposals_into_unanchored_and_merged_duplicates() -> None:
    report = json.dumps({"findings": [{"severity": "high"}, {"severity": "low"}, {"severity": "Medium"}],
                         "dropped": [{"kind": "duplicate"}, {"kind": "quote not found"}, {"kind": "duplicate"}]})

    assert review_counts(report) == ReviewCounts(findings=3, dropped=1, merged=2, severe=2)
    assert review_counts("not a report") == ReviewCounts() == review_counts("[1, 2]")
