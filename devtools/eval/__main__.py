"""`python -m devtools.eval [--model 0.5b|1.5b|all] [--suite generated|smoke] [--repeat N] [--sample K]
[--agents LIST] [--only TEXT] [--half dev|held-out] [--set KEY=VALUE] [--trace DIR] [--no-record] [--fresh]`: the
eval (see __init__)."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import datetime
import json
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from devtools.eval import cache, card
from devtools.eval.families import AGENTS
from devtools.eval.generated import Options, run_generated
from devtools.eval.journal import journal_path
from devtools.eval.scenarios import SUITE, Context, judged
from devtools.eval.scorecard import Card, record, terminal_table
from devtools.eval.server import CONTEXT_SIZE, LlamaServer, Meter, MeteringProxy
from devtools.eval.tasks import DEV, HELD_OUT

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "docs" / "models.md"


def _say(line: str) -> None:
    print(f"eval: {line}", flush=True)


def _commit() -> str:
    done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                           capture_output=True, text=True).stdout.strip()
    return (done.stdout.strip() or "unknown") + ("+changes" if dirty else "")


def _scratch(key: str, trace: Path | None) -> contextlib.AbstractContextManager[str]:
    """Where the scenarios run: a temporary folder, or under `trace` (kept, for reading afterwards)."""
    if trace is None:
        return tempfile.TemporaryDirectory(prefix=f"orkeon-eval-{key}-")
    folder = trace / key
    if folder.exists():
        raise cache.EvalSetupError(f"the trace folder {folder} exists already: name a new one")
    folder.mkdir(parents=True)
    return contextlib.nullcontext(str(folder))


def _traced(meter: Callable[[], Meter], folder: Path, trace: Path | None) -> Callable[[], Meter]:
    """The proxy's reset, writing what the model was sent and answered to `folder`/exchanges.json when tracing."""
    def reset() -> Meter:
        used = meter()
        if trace is not None:
            text = json.dumps(used.exchanges, indent=1, ensure_ascii=False)
            (folder / "exchanges.json").write_text(text, encoding="utf-8")
        return used

    return reset


def run_model(key: str, only: str, timeout: float, trace: Path | None = None) -> Card:
    spec = cache.MODELS[key]
    model = cache.model_file(spec, _say)
    binary = cache.llama_server(_say)
    outcomes = []
    with _scratch(key, trace) as scratch:
        folder = Path(scratch)
        _say(f"serving {spec.title} with llama-server (context {CONTEXT_SIZE:,}, 2 threads)")
        with LlamaServer(binary, model, folder / "llama-server.log") as server:
            proxy = MeteringProxy(server.port).start()
            try:
                for number, scenario in enumerate(s for s in SUITE if only.lower() in s.name.lower()):
                    _say(f"[{key}] {scenario.name} ...")
                    ctx = Context(folder / f"s{number:02d}", proxy.api_base, timeout)
                    ctx.home.mkdir(parents=True)
                    proxy.reset()
                    outcome = judged(scenario, ctx, _traced(proxy.reset, ctx.folder, trace))
                    if trace is not None:
                        (ctx.folder / "shown.txt").write_text(outcome.shown, encoding="utf-8")
                    _say(f"[{key}] {scenario.name}: {'pass' if outcome.passed else 'FAIL'} in "
                         f"{outcome.seconds:.0f} s: {outcome.note}")
                    outcomes.append(outcome)
            finally:
                proxy.stop()
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    server_name = f"llama.cpp llama-server ({cache.SERVER_SDIST} sdist source, --jinja, -c {CONTEXT_SIZE})"
    return Card(key, spec.title, server_name, when, _commit(), outcomes)


def _records(args: argparse.Namespace) -> bool:
    """A whole run, untraced and not told otherwise, is recorded in docs/models.md (a sample, or a generated
    run without every agent, one half or Orkeon under settings of its own, never is: the card puts Orkeon beside
    both peers on both halves)."""
    partial = args.suite == "generated" and tuple(args.agents) != AGENTS
    return not (args.no_record or args.only or args.trace or args.sample or partial or args.half or args.settings)


def _stop(*_: object) -> None:
    raise KeyboardInterrupt


def _agents(text: str) -> tuple[str, ...]:
    chosen = tuple(name.strip() for name in text.split(",") if name.strip())
    unknown = [name for name in chosen if name not in AGENTS]
    if unknown or not chosen:
        raise argparse.ArgumentTypeError(f"unknown agent {', '.join(unknown) or '(none)'}: name some of "
                                         f"{', '.join(AGENTS)}, separated by commas")
    return chosen


def _setting(text: str) -> tuple[str, object]:
    key, equals, raw = text.partition("=")
    if not equals or not key.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE (for example assistant.candidates=1)")
    try:
        value: object = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key.strip(), value


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of 1 or more")
    return int(text)


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="make eval", description=__doc__)
    parser.add_argument("--model", default="all", choices=[*cache.MODELS, "all"])
    parser.add_argument("--suite", default="generated", choices=["generated", "smoke"],
                        help="the generated tasks beside the peers (default), or the old fixed suite")
    parser.add_argument("--repeat", type=_positive, default=1, help="run each generated task this many times")
    parser.add_argument("--sample", type=_positive, default=None,
                        help="take this many generated tasks a family, for a quick look (printed, not recorded)")
    parser.add_argument("--agents", type=_agents, default=AGENTS,
                        help=f"the agents of the generated suite, separated by commas (default {','.join(AGENTS)})")
    parser.add_argument("--only", default="", help="run the scenarios (or generated tasks) whose name holds this text")
    parser.add_argument("--half", default="", choices=["", DEV, HELD_OUT],
                        help="only the tasks of this half, for a quick measure of a change (printed, not recorded)")
    parser.add_argument("--set", dest="settings", type=_setting, action="append", default=[],
                        help="KEY=VALUE (JSON, or text): a setting Orkeon runs under, for an ablation; repeatable "
                             "(printed, not recorded)")
    parser.add_argument("--timeout", type=float, default=None,
                        help="seconds one run of Orkeon may take (default 900 for smoke, 300 for generated)")
    parser.add_argument("--no-record", action="store_true", help="print the scorecard, leave docs/models.md")
    parser.add_argument("--fresh", action="store_true",
                        help="start the card over instead of going on from the attempts a stopped run of the same "
                             "code wrote down")
    parser.add_argument("--trace", type=Path, default=None,
                        help="keep each scenario's folder (for the generated suite: the dev half's only) under this "
                             "new folder, with exchanges.json: every request sent to the model and its reply "
                             "(printed, not recorded)")
    return parser.parse_args(argv)


def _run_smoke(args: argparse.Namespace, keys: list[str]) -> None:
    cards = [run_model(key, args.only, args.timeout or 900.0, args.trace) for key in keys]
    for scored in cards:
        print(f"\n{scored.model_title} on {scored.server}: {scored.passed}/{len(scored.outcomes)} passed\n")
        print(terminal_table(scored))
        if _records(args):
            record(DOCUMENT, scored)
            print(f"\nrecorded in {DOCUMENT.relative_to(ROOT)}")


def _run_generated(args: argparse.Namespace, keys: list[str]) -> None:
    options = Options(repeat=args.repeat, sample=args.sample or 0, agents=args.agents, only=args.only,
                      trace=args.trace, orkeon_timeout=args.timeout or 300.0, half=args.half,
                      settings=dict(args.settings))
    commit = _commit()
    for key in keys:
        trace = None if args.trace is None else args.trace / key
        journal = journal_path(cache.cache_root(), key, commit, args.repeat) if _records(args) else None
        if journal is not None and args.fresh:
            journal.unlink(missing_ok=True)
        scored = run_generated(key, dataclasses.replace(options, trace=trace, journal=journal), _say, commit)
        sampled = f", a sample of {args.sample} a family (not recorded)" if args.sample else ""
        print(f"\n{scored.model_title} on {scored.server}: generated tasks, seed {scored.seed}, each run "
              f"{scored.repeat} time(s){sampled}\n")
        print(card.terminal_text(scored))
        print(f"\n{scored.summary()}")
        if not scored.complete:
            print(f"\nstopped after {len(scored.attempts)} of {scored.planned} attempts: printed, not recorded"
                  + ("; `make eval` with the same arguments on this commit goes on from there" if journal else ""))
        elif _records(args):
            card.record(DOCUMENT, scored)
            print(f"\nrecorded in {DOCUMENT.relative_to(ROOT)}")


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    # A stop (kill, CI's end) unwinds like Ctrl-C, so the llama-server and the scratch folders go with it.
    signal.signal(signal.SIGTERM, _stop)
    keys = list(cache.MODELS) if args.model == "all" else [args.model]
    try:
        if args.suite == "smoke":
            _run_smoke(args, keys)
        else:
            _run_generated(args, keys)
    except cache.EvalSetupError as error:
        print(f"make eval: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
