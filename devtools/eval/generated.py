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
from dataclasses import dataclass, field
from pathlib import Path

from devtools.eval import cache
from devtools.eval.card import GeneratedCard
from devtools.eval.families import AGENTS, Played, ReviewCounts, Setting, agents_for, play
from devtools.eval.journal import Journal, header
from devtools.eval.peer_agents import PEERS, peer_venv
from devtools.eval.scenarios import Verdict
from devtools.eval.server import CONTEXT_SIZE, LlamaServer, Meter, MeteringProxy
from devtools.eval.tally import Attempt
from devtools.eval.tasks import DEV, SEED, Task, generate, play_order, sample


@dataclass(frozen=True)
class Options:
    repeat: int = 1
    sample: int = 0
    agents: tuple[str, ...] = AGENTS
    only: str = ""
    trace: Path | None = None
    orkeon_timeout: float = 300.0
    journal: Path | None = None
    """Where each attempt is written as it ends, and what a stopped card goes on from (journal.py)."""
    half: str = ""
    """Only the tasks of this half (dev or held-out), for a quick measure of a change: printed, not recorded."""
    settings: dict[str, object] = field(default_factory=dict)
    """Settings Orkeon runs under (an ablation): printed, not recorded."""


def chosen_tasks(options: Options, seed: int = SEED) -> list[Task]:
    """The tasks of a run: every one, or SAMPLE a family, or those whose id holds ONLY."""
    tasks = generate(seed)
    if options.sample:
        tasks = sample(tasks, options.sample)
    return play_order([task for task in tasks if options.only.lower() in task.id.lower()
                       and options.half in ("", task.half)])


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
    counts = played.review or ReviewCounts()
    return Attempt(task.family, task.id, task.half, agent, verdict.passed, verdict.note, used.tokens, seconds,
                   used.model_calls, played.claimed, played.crashed, counts.findings, counts.dropped, counts.merged,
                   counts.severe)


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
    # A stop can leave an attempt's processes writing into the scratch folder as it goes: never a traceback.
    with tempfile.TemporaryDirectory(prefix=f"orkeon-eval-{key}-", ignore_cleanup_errors=True) as scratch:
        say(f"serving {spec.title} with llama-server (context {CONTEXT_SIZE:,}, 2 threads); {len(tasks)} tasks")
        with LlamaServer(binary, model, Path(scratch) / "llama-server.log") as server:
            proxy = MeteringProxy(server.port).start()
            try:
                setting = Setting(proxy.api_base, options.orkeon_timeout, venvs, dict(options.settings))
                journal = None
                if options.journal is not None:
                    journal = Journal(options.journal, header(key, commit, SEED, options.repeat, options.agents))
                attempts = play_all(tasks, options, setting, proxy, Path(scratch), say, journal)
            finally:
                proxy.stop()
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    server_name = f"llama.cpp llama-server ({cache.SERVER_SDIST} sdist source, --jinja, -c {CONTEXT_SIZE})"
    agents = [agent for agent in AGENTS if agent in options.agents]
    if options.journal is not None:
        say(f"every attempt is in {options.journal}")
    planned = options.repeat * sum(len(agents_for(task.family, options.agents)) for task in tasks)
    return GeneratedCard(key, spec.title, server_name, when, commit, SEED, options.repeat, attempts, agents, planned)


def play_all(tasks: Sequence[Task], options: Options, setting: Setting, proxy: MeteringProxy, scratch: Path,
              say: Callable[[str], None], journal: Journal | None = None) -> list[Attempt]:
    """Every attempt of the card, in the tasks' order; those `journal` holds already are taken from it."""
    plan = [(task, agent, run) for task in tasks for agent in agents_for(task.family, options.agents)
            for run in range(options.repeat)]
    attempts: list[Attempt] = []
    if journal is not None and journal.done:
        say(f"going on from {journal.path}: {len(journal.done)} of {len(plan)} attempts ran already")
    started, played = time.monotonic(), 0
    for number, (task, agent, run) in enumerate(plan, start=1):
        earlier = journal.ran(task.id, agent, run) if journal is not None else None
        if earlier is not None:
            attempts.append(earlier)
            continue
        folder, keep = attempt_folder(scratch, options.trace, task, agent, run)
        folder.mkdir(parents=True)
        try:
            done = attempt(task, agent, folder, setting, proxy.reset, keep)
        except KeyboardInterrupt:  # Ctrl-C or a stop: the card of what ran, the journal keeps it for a next run
            say(f"stopped at attempt {number} of {len(plan)}")
            break
        attempts.append(done)
        if journal is not None:
            journal.write(done, run)
        played += 1
        say(f"{_progress(number, len(plan), played, time.monotonic() - started)} [{task.half}] {task.id} · {agent}: "
            f"{'pass' if done.passed else 'FAIL'} in {done.seconds:.0f} s, {done.tokens:,} tokens: {done.note}")
    return attempts


def _progress(number: int, total: int, played: int, elapsed: float) -> str:
    """`(n/N, m min, about k min left)`: the wait ahead judged by the attempts this run has played so far."""
    left = (total - number) * elapsed / played / 60
    return f"({number}/{total}, {elapsed / 60:.0f} min, about {left:.0f} min left)"


