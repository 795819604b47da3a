"""`orkeon`: run one command (`orkeon status`), or open the interactive prompt (`orkeon` alone).

Exit codes: 0 when the command ran (or the code its view asks for: `review --fail-on` exits 1 when a finding
at or above the threshold exists), 2 on bad arguments, 1 on any other failure.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from orkeon_engine.adapters.stderr_logger import StderrLogger
from orkeon_engine.adapters.terminal import TerminalHumanInput, TerminalProgress
from orkeon_engine.bootstrap import build_engine
from orkeon_engine.catalogue_export import FORMATS, render
from orkeon_engine.domain.args import ArgumentError
from orkeon_engine.engine import BadArguments, Engine, Ok, RunResult
from orkeon_engine.ports.ui import UserInterface

USAGE = """usage: orkeon [--workspace DIR] [--resume SESSION] [<command> [args...]]

  orkeon                 open the interactive prompt: a line without / goes to the assistant,
                         /help lists the commands, Ctrl-D leaves
  orkeon <command> ...   run one command, for example `orkeon status` or `orkeon config keys`
  orkeon catalogue --format json|vscode
                         print the command catalogue for an editor client (no workspace needed)
  orkeon prompts render DIR
                         write every prompt of the assistant, in every mode, as the model reads it
"""
PROMPT = "orkeon> "
CATALOGUE_SUBCOMMAND = "catalogue"
"""A subcommand of the CLI itself, not of the catalogue: it describes the catalogue for the editor clients'
build, needs no workspace or session (so it writes no .orkeon/ where it is run), and has no place in an
editor's palette."""


def main(argv: Sequence[str] | None = None) -> int:
    """The console script's entry point."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    try:
        options, rest = _global_options(list(sys.argv[1:] if argv is None else argv))
    except ArgumentError as error:
        print(f"orkeon: {error.problem}\n{USAGE}", file=sys.stderr)
        return 2
    if options.get("help"):
        print(USAGE)
        return 0
    if rest and rest[0] == CATALOGUE_SUBCOMMAND:
        return _catalogue(rest[1:])
    if rest[:1] == ["prompts"]:
        return _prompts(rest[1:])
    workspace = Path(options.get("workspace") or os.getcwd())
    if not workspace.is_dir():
        print(f"orkeon: --workspace {workspace}: not a folder", file=sys.stderr)
        return 2
    ui = UserInterface(
        human=TerminalHumanInput(),
        progress=TerminalProgress(),
        logger=StderrLogger(os.environ.get("ORKEON_LOG_LEVEL", "warning")),
    )
    with asyncio.Runner() as runner:
        try:
            engine = runner.run(build_engine(workspace, ui, resume=options.get("resume")))
        except LookupError as error:
            print(f"orkeon: {error.args[0] if error.args else error}", file=sys.stderr)
            return 1
        try:
            if rest:
                return _one_command(runner, engine, rest)
            return _interactive(runner, engine)
        finally:
            engine.close()


def _global_options(argv: list[str]) -> tuple[dict[str, str], list[str]]:
    options: dict[str, str] = {}
    while argv and argv[0].startswith("-"):
        flag = argv.pop(0)
        if flag in ("-h", "--help"):
            options["help"] = "yes"
        elif flag in ("--workspace", "--resume"):
            if not argv:
                raise ArgumentError(f"{flag} needs a value", USAGE)
            options[flag[2:]] = argv.pop(0)
        else:
            raise ArgumentError(f"unknown option {flag}", USAGE)
    return options, argv


def _catalogue(argv: list[str]) -> int:
    fmt = "json"
    accepted = "|".join(FORMATS)
    while argv:
        flag = argv.pop(0)
        if flag.startswith("--format="):
            fmt = flag.partition("=")[2]
        elif flag == "--format" and argv:
            fmt = argv.pop(0)
        else:
            print(f"orkeon: catalogue: unknown argument {flag!r}\nusage: orkeon catalogue --format {accepted}",
                  file=sys.stderr)
            return 2
    if fmt not in FORMATS:
        print(f"orkeon: catalogue: unknown format {fmt!r}; accepted: {', '.join(FORMATS)}", file=sys.stderr)
        return 2
    sys.stdout.write(render(fmt))
    return 0


def _prompts(args: list[str]) -> int:
    """`orkeon prompts render DIR`: one file per prompt (crews/main_loop/prompt_catalogue.py)."""
    if len(args) != 2 or args[0] != "render":
        print(f"orkeon: expected `prompts render DIR`\n{USAGE}", file=sys.stderr)
        return 2
    from orkeon_engine.crews.main_loop.run import render_every_prompt

    target = Path(args[1])
    try:
        target.mkdir(parents=True, exist_ok=True)
        prompts = render_every_prompt()
        for prompt in prompts:
            (target / f"{prompt.name}.md").write_text(prompt.text(), encoding="utf-8")
    except OSError as error:
        print(f"orkeon: cannot write the prompts to {target}: {error.strerror or error}", file=sys.stderr)
        return 1
    print(f"wrote {len(prompts)} prompts to {target}")
    return 0


def _one_command(runner: asyncio.Runner, engine: Engine, tokens: list[str]) -> int:
    name, *args = tokens
    result = runner.run(engine.run(name, args))
    return _show(result)


def _show(result: RunResult) -> int:
    if isinstance(result, Ok):
        text = result.render()
        if text:
            print(text)
        return result.view.exit_code
    print(f"orkeon: {result.render()}", file=sys.stderr)
    return 2 if isinstance(result, BadArguments) else 1


def _interactive(runner: asyncio.Runner, engine: Engine) -> int:
    _setup_completion([e.name for e in engine.commands])
    info = engine.deps.workspace
    print(f"Orkeon {engine.deps.version} in {info.root}. Type a request for the assistant; /help lists the "
          "commands; Ctrl-D leaves.")
    for limitation in info.limitations:
        print(f"limited: {limitation}")
    while True:
        try:
            line = input(PROMPT)
        except EOFError:
            print()
            return 0
        except KeyboardInterrupt:
            print()
            continue
        _interactive_line(runner, engine, line.strip())


def _interactive_line(runner: asyncio.Runner, engine: Engine, line: str) -> None:
    if not line:
        return
    try:
        tokens = _line_tokens(engine, line)
    except ArgumentError as error:
        print(f"orkeon: {error.problem}", file=sys.stderr)
        return
    if not tokens:
        return
    try:
        _show(runner.run(engine.run(tokens[0], tokens[1:])))
    except KeyboardInterrupt:
        print("\ncancelled", file=sys.stderr)


def _line_tokens(engine: Engine, line: str) -> list[str]:
    """The command and its tokens (Engine.line_tokens: free text is a request to /assistant)."""
    return engine.line_tokens(line)


def _setup_completion(names: list[str]) -> None:
    try:
        import readline
    except ImportError:  # no readline on this platform: the prompt works without completion
        return
    words = sorted("/" + name for name in names)

    def complete(text: str, state: int) -> str | None:
        matches = [w for w in words if w.startswith(text)] if text.startswith("/") else []
        return matches[state] if state < len(matches) else None

    readline.set_completer_delims(" \t\n")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


if __name__ == "__main__":
    sys.exit(main())
