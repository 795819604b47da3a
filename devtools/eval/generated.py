"""Running the generated tasks (tasks.py) on one model: the peers' environments made first, then llama-server
and the metering proxy, then every task by every agent that plays its family, REPEAT times, each attempt in
a fresh repository with the proxy's meter read around it. With a trace folder, the attempts of the dev half
stay there with what the model was sent and answered; the held-out half's are never kept."""

from __future__ import annotations

import datetime
import json
import re
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from devtools.eval import cache
from devtools.eval.card import GeneratedCard
from devtools.eval.families import AGENTS, Played, Setting, agents_for, play
from devtools.eval.peer_agents import PEERS, peer_venv
from devtools.eval.scenarios import Verdict
from devtools.eval.server import CONTEXT_SIZE, LlamaServer, Meter, MeteringProxy
from devtools.eval.tally import Attempt
from devtools.eval.tasks import DEV, SEED, Task, generate, sample


@dataclass(frozen=True)
class Options:
    repeat: int = 1
    sample: int = 0
    agents: tuple[str, ...] = AGENTS
    only: str = ""
    trace: Path | None = None
    orkeon_timeout: float = 300.0


def chosen_tasks(options: Options, seed: int = SEED) -> list[Task]:
    """The tasks of a run: every one, or SAMPLE a family, or those whose id holds ONLY."""
    tasks = generate(seed)
    if options.sample:
        tasks = sample(tasks, options.sample)
    return [task for task in tasks if options.only.lower() in task.id.lower()]


def attempt_folder(scratch: Path, trace: Path | None, task: Task, agent: str, run: int) -> tuple[Path, bool]:
    """Where an attempt runs, and whether it is kept: under the trace folder for the dev half only."""
    name = f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', task.id)}/{agent}-r{run}"
    if trace is not None and task.half == DEV:
        return trace / name, True
    return scratch / name, False


def attempt(task: Task, agent: str, folder: Path, setting: Setting, meter: Callable[[], Meter],
            keep: bool) -> Attempt:
    """One attempt, metered: a crash of the harness is a failed attempt with its reason, not a stop."""
    meter()
    started = time.monotonic()
    try:
        played = play(task, agent, folder, setting)
    except Exception as error:  # noqa: BLE001 - one broken attempt must not hide the others
        played = Played(Verdict(False, f"the attempt broke: {type(error).__name__}: {error}"[:200]),
                        time.monotonic() - started)
    verdict, seconds = played.verdict, played.seconds
    used = meter()
    if keep:
        (folder / "exchanges.json").write_text(json.dumps(used.exchanges, indent=1, ensure_ascii=False),
                                               encoding="utf-8")
        (folder / "shown.txt").write_text(verdict.shown, encoding="utf-8")
    return Attempt(task.family, task.id, task.half, agent, verdict.passed, verdict.note, used.tokens, seconds,
                   used.model_calls)


def run_generated(key: str, options: Options, say: Callable[[str], None], commit: str) -> GeneratedCard:
    """The card of one model: `commit` names the code measured."""
    tasks = chosen_tasks(options)
    venvs = {name: peer_venv(PEERS[name], say) for name in options.agents if name in PEERS}
    spec = cache.MODELS[key]
    model = cache.model_file(spec, say)
    binary = cache.llama_server(say)
    if options.trace is not None and options.trace.exists():
        raise cache.EvalSetupError(f"the trace folder {options.trace} exists already: name a new one")
    attempts: list[Attempt] = []
    with tempfile.TemporaryDirectory(prefix=f"orkeon-eval-{key}-") as scratch:
        say(f"serving {spec.title} with llama-server (context {CONTEXT_SIZE:,}, 2 threads); {len(tasks)} tasks")
        with LlamaServer(binary, model, Path(scratch) / "llama-server.log") as server:
            proxy = MeteringProxy(server.port).start()
            try:
                setting = Setting(proxy.api_base, options.orkeon_timeout, venvs)
                attempts = play_all(tasks, options, setting, proxy, Path(scratch), say)
            finally:
                proxy.stop()
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    server_name = f"llama.cpp llama-server ({cache.SERVER_SDIST} sdist source, --jinja, -c {CONTEXT_SIZE})"
    agents = [agent for agent in AGENTS if agent in options.agents]
    return GeneratedCard(key, spec.title, server_name, when, commit, SEED, options.repeat, attempts, agents)


def play_all(tasks: Sequence[Task], options: Options, setting: Setting, proxy: MeteringProxy, scratch: Path,
              say: Callable[[str], None]) -> list[Attempt]:
    attempts: list[Attempt] = []
    for task in tasks:
        for agent in agents_for(task.family, options.agents):
            for run in range(options.repeat):
                folder, keep = attempt_folder(scratch, options.trace, task, agent, run)
                folder.mkdir(parents=True)
                done = attempt(task, agent, folder, setting, proxy.reset, keep)
                attempts.append(done)
                say(f"[{task.half}] {task.id} · {agent}: {'pass' if done.passed else 'FAIL'} in {done.seconds:.0f} s, "
                    f"{done.tokens:,} tokens: {done.note}")
    return attempts

