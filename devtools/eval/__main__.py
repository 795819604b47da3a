"""`python -m devtools.eval [--model 0.5b|1.5b|all] [--only TEXT] [--no-record]`: the eval (see __init__)."""

from __future__ import annotations

import argparse
import datetime
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from devtools.eval import cache
from devtools.eval.scenarios import SUITE, Context, judged
from devtools.eval.scorecard import Card, record, terminal_table
from devtools.eval.server import CONTEXT_SIZE, LlamaServer, MeteringProxy

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "docs" / "models.md"


def _say(line: str) -> None:
    print(f"eval: {line}", flush=True)


def _commit() -> str:
    done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                           capture_output=True, text=True).stdout.strip()
    return (done.stdout.strip() or "unknown") + ("+changes" if dirty else "")


def run_model(key: str, only: str, timeout: float) -> Card:
    spec = cache.MODELS[key]
    model = cache.model_file(spec, _say)
    binary = cache.llama_server(_say)
    outcomes = []
    with tempfile.TemporaryDirectory(prefix=f"orkeon-eval-{key}-") as scratch:
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
                    outcome = judged(scenario, ctx, proxy.reset)
                    _say(f"[{key}] {scenario.name}: {'pass' if outcome.passed else 'FAIL'} in "
                         f"{outcome.seconds:.0f} s: {outcome.note}")
                    outcomes.append(outcome)
            finally:
                proxy.stop()
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    server_name = f"llama.cpp llama-server ({cache.SERVER_SDIST} sdist source, --jinja, -c {CONTEXT_SIZE})"
    return Card(key, spec.title, server_name, when, _commit(), outcomes)


def _stop(*_: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make eval", description=__doc__)
    parser.add_argument("--model", default="all", choices=[*cache.MODELS, "all"])
    parser.add_argument("--only", default="", help="run the scenarios whose name holds this text")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds one run of Orkeon may take")
    parser.add_argument("--no-record", action="store_true", help="print the scorecard, leave docs/models.md")
    args = parser.parse_args(argv)
    # A stop (kill, CI's end) unwinds like Ctrl-C, so the llama-server and the scratch folders go with it.
    signal.signal(signal.SIGTERM, _stop)
    keys = list(cache.MODELS) if args.model == "all" else [args.model]
    try:
        cards = [run_model(key, args.only, args.timeout) for key in keys]
    except cache.EvalSetupError as error:
        print(f"make eval: {error}", file=sys.stderr)
        return 2
    for card in cards:
        print(f"\n{card.model_title} on {card.server}: {card.passed}/{len(card.outcomes)} passed\n")
        print(terminal_table(card))
        if not args.no_record and not args.only:
            record(DOCUMENT, card)
    if not args.no_record and not args.only:
        print(f"\nrecorded in {DOCUMENT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
