"""`python -m devtools.eval [--model 0.5b|1.5b|all] [--only TEXT] [--no-record]`: the eval (see __init__)."""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from devtools.eval import cache
from devtools.eval.scenarios import SUITE, Context, judged
from devtools.eval.scorecard import Card, record, terminal_table
from devtools.eval.server import CONTEXT_SIZE, LlamaServer, Meter, MeteringProxy

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
    """A whole run, untraced and not told otherwise, is recorded in docs/models.md."""
    return not (args.no_record or args.only or args.trace)


def _stop(*_: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make eval", description=__doc__)
    parser.add_argument("--model", default="all", choices=[*cache.MODELS, "all"])
    parser.add_argument("--only", default="", help="run the scenarios whose name holds this text")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds one run of Orkeon may take")
    parser.add_argument("--no-record", action="store_true", help="print the scorecard, leave docs/models.md")
    parser.add_argument("--trace", type=Path, default=None,
                        help="keep each scenario's folder under this new folder, with exchanges.json: every "
                             "request sent to the model and its reply (printed, not recorded)")
    args = parser.parse_args(argv)
    # A stop (kill, CI's end) unwinds like Ctrl-C, so the llama-server and the scratch folders go with it.
    signal.signal(signal.SIGTERM, _stop)
    keys = list(cache.MODELS) if args.model == "all" else [args.model]
    try:
        cards = [run_model(key, args.only, args.timeout, args.trace) for key in keys]
    except cache.EvalSetupError as error:
        print(f"make eval: {error}", file=sys.stderr)
        return 2
    for card in cards:
        print(f"\n{card.model_title} on {card.server}: {card.passed}/{len(card.outcomes)} passed\n")
        print(terminal_table(card))
        if _records(args):
            record(DOCUMENT, card)
    if _records(args):
        print(f"\nrecorded in {DOCUMENT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
