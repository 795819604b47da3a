"""`orkeon`: run one command (`orkeon status`), or open the interactive prompt (`orkeon` alone).

Exit codes: 0 when the command ran (or the code its view asks for: `review --fail-on` exits 1 when a finding
at or above the threshold exists, and `review` exits 3 when no lens gave a valid answer), 2 on bad
arguments, 1 on any other failure.

The engine's event loop runs on a thread of its own (EngineLoop), so the child agents a command starts in
the background go on while the prompt waits for a line; each child's report is printed when it ends. A
background child asks nobody (the prompt owns the keyboard): a call that needs approval is refused. One
command (`orkeon assistant ...`) waits for the children it started before it exits (Ctrl-C stops them:
they show as interrupted and `/tasks repair <id>` runs one again); leaving the prompt stops those still
running the same way.

SIGTERM and SIGHUP (a `kill`, a closed terminal, a harness's time limit) stop Orkeon as Ctrl-C does: the
running command is cancelled where it waits, the commands it started in their own process groups (a check,
a shell call) are stopped with it, nothing half-done is kept, and the process ends with 128 + the signal's
number. Without this the default action ended Python at once and left those groups running.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

if TYPE_CHECKING:  # the rest is imported by the command that needs it: `orkeon --help` imports nothing
    import asyncio
    from collections.abc import Coroutine

    from orkeon_engine.domain.agents.children import ChildRecord
    from orkeon_engine.engine import Engine, RunResult

if TYPE_CHECKING:
    from orkeon_engine.adapters.terminal_screen import Screen

USAGE = """usage: orkeon [--workspace DIR] [--resume SESSION | --new] [--verbose] [--plain] [<command> [args...]]

  orkeon                 open the interactive prompt: a line without / goes to the assistant,
                         /help lists the commands, exit (or quit, or Ctrl-D) leaves
  orkeon <command> ...   run one command, for example `orkeon status` or `orkeon config keys`
  orkeon catalogue --format json|vscode
                         print the command catalogue for an editor client (no workspace needed)
  orkeon prompts render DIR
                         write every prompt of the assistant, in every mode, as the model reads it

  The workspace is the nearest folder up holding .orkeon/, else the git repository's top folder, else
  the current folder; --workspace DIR names it. Every command and the prompt continue the workspace's
  current session; --new starts another, --resume SESSION (or `orkeon resume SESSION`) makes that one
  current. Paths you type are relative to the current folder.

  Each tool call the assistant makes shows as one line as it happens; --verbose also shows the crews' own
  steps and the log at info. At a terminal the output is drawn (a spinner, Markdown, coloured diffs);
  --plain, NO_COLOR, or a stdout that is no terminal give plain text (--plain also the plain line prompt).
"""
PROMPT = "orkeon> "
CONTINUATION_PROMPT = "   ... "
CATALOGUE_SUBCOMMAND = "catalogue"
"""A subcommand of the CLI itself, not of the catalogue: it describes the catalogue for the editor clients'
build, needs no workspace or session (so it writes no .orkeon/ where it is run), and has no place in an
editor's palette."""
CANCELLED_EXIT = 130
"""The exit code of a command Ctrl-C cancelled (128 + SIGINT, as a shell reports it)."""
T = TypeVar("T")


class StopSignals:
    """SIGTERM and SIGHUP taken as Ctrl-C (the module docstring): the handler raises KeyboardInterrupt where
    the main thread waits, and `received` says which signal came, so the prompt leaves instead of waiting
    for the next line."""

    def __init__(self) -> None:
        self.received: int | None = None

    def install(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        for name in ("SIGTERM", "SIGHUP"):
            if hasattr(signal, name):
                signal.signal(getattr(signal, name), self._on_signal)

    def _on_signal(self, signum: int, _frame: object) -> None:
        first = self.received is None
        self.received = signum
        if first:  # once: a second signal must not interrupt the clean-up the first one started
            raise KeyboardInterrupt

    def exit_code(self, code: int) -> int:
        return code if self.received is None else 128 + self.received


_STOP_SIGNALS = StopSignals()


class EngineLoop:
    """The engine's event loop on its own thread: `run(coro)` runs one coroutine there and returns its
    result, so the terminal's thread can wait for a line while the loop runs the children. Ctrl-C during
    `run` cancels the coroutine, waits for it to unwind and raises KeyboardInterrupt, as asyncio.Runner does."""

    def __init__(self) -> None:
        import asyncio

        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="orkeon-engine", daemon=True)
        self._thread.start()

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        import asyncio

        started: list[asyncio.Task[T]] = []

        async def main() -> T:
            task = asyncio.ensure_future(coro)
            started.append(task)
            return await task

        future = asyncio.run_coroutine_threadsafe(main(), self._loop)
        try:
            return future.result()
        except KeyboardInterrupt:
            if started:
                asyncio.run_coroutine_threadsafe(_cancelled(started[0]), self._loop).result()
            raise

    def close(self) -> None:
        """Cancel what still runs on the loop, then stop it and its thread."""
        import asyncio

        asyncio.run_coroutine_threadsafe(_cancel_all(self._loop), self._loop).result()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()

    def __enter__(self) -> EngineLoop:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


async def _cancelled(task: asyncio.Task[Any]) -> None:
    import asyncio

    task.cancel()
    await asyncio.wait([task])


async def _cancel_all(loop: asyncio.AbstractEventLoop) -> None:
    import asyncio

    tasks = [task for task in asyncio.all_tasks(loop) if task is not asyncio.current_task()]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await loop.shutdown_asyncgens()
    await loop.shutdown_default_executor()


class ChildReports:
    """Prints each child's report when it ends; at the prompt, the prompt is written again after it."""

    def __init__(self, out: TextIO | None = None) -> None:
        self._out = out
        self.at_prompt = False

    def __call__(self, record: ChildRecord) -> None:
        from orkeon_engine.domain.agents.children import usage_text

        out = self._out or sys.stdout
        head = f"── {record.title} {record.state} ({usage_text(record.usage)})"
        if record.detail:
            head += f": {record.detail}"
        body = record.report.strip() or "(it left no report)"
        text = ("\n" if self.at_prompt else "") + f"{head}\n{body}\n"
        try:
            out.write(text + (PROMPT if self.at_prompt else ""))
            out.flush()
        except (OSError, ValueError):  # the terminal is gone: the report stays in /tasks show
            pass


def main(argv: Sequence[str] | None = None) -> int:
    """The console script's entry point (`argv` None: the process's own arguments)."""
    if argv is None:
        _STOP_SIGNALS.install()
    try:
        code = _STOP_SIGNALS.exit_code(_main(argv))
    except KeyboardInterrupt:  # Ctrl-C (or a stop signal) before a command ran, as the engine was built
        print("\norkeon: cancelled", file=sys.stderr)
        return _STOP_SIGNALS.exit_code(CANCELLED_EXIT)
    if argv is None and _MODEL_CLIENT_LOADER.is_loading():
        _MODEL_CLIENT_LOADER.leave(code)
    return code


def _main(argv: Sequence[str] | None) -> int:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")  # no entry-point scan of every package at start
    try:
        options, rest = _global_options(list(sys.argv[1:] if argv is None else argv))
    except _OptionError as error:
        print(f"orkeon: {error}\n{USAGE}", file=sys.stderr)
        return 2
    if options.get("help"):
        print(USAGE)
        return 0
    if rest and rest[0] == CATALOGUE_SUBCOMMAND:
        return _catalogue(rest[1:])
    if rest[:1] == ["prompts"]:
        return _prompts(rest[1:])
    return _in_workspace(options, rest)


def _in_workspace(options: dict[str, str], rest: list[str]) -> int:
    """A command (or the prompt) in the workspace's engine: the engine, its adapters and the catalogue
    are imported here, by the commands that need them."""
    from orkeon_engine.adapters.terminal_ui import terminal_ui
    from orkeon_engine.adapters.workspace_probe import find_workspace_root
    from orkeon_engine.bootstrap import build_engine

    cwd = Path.cwd()
    workspace = Path(options["workspace"]) if "workspace" in options else find_workspace_root(cwd)
    if not workspace.is_dir():
        print(f"orkeon: --workspace {workspace}: not a folder", file=sys.stderr)
        return 2
    terminal = terminal_ui(os.environ, verbose="verbose" in options, plain="plain" in options)
    with EngineLoop() as runner:
        try:
            engine = runner.run(build_engine(workspace, terminal.ui, resume=options.get("resume"),
                                             new_session="new" in options, cwd=cwd))
        except LookupError as error:
            print(f"orkeon: {error.args[0] if error.args else error}", file=sys.stderr)
            return 1
        reports = ChildReports()
        engine.on_child_end(reports)
        try:
            if rest:
                return _one_command(runner, engine, rest, terminal.screen)
            return _interactive(runner, engine, reports, terminal.screen, plain="plain" in options)
        finally:
            runner.run(_close(engine))


class _OptionError(ValueError):
    """A global option the command line does not take (the message says which)."""


def _global_options(argv: list[str]) -> tuple[dict[str, str], list[str]]:
    options: dict[str, str] = {}
    while argv and argv[0].startswith("-"):
        flag = argv.pop(0)
        if flag in ("-h", "--help"):
            options["help"] = "yes"
        elif flag == "--new":
            options["new"] = "yes"
        elif flag in ("-v", "--verbose"):
            options["verbose"] = "yes"
        elif flag == "--plain":
            options["plain"] = "yes"
        elif flag in ("--workspace", "--resume"):
            if not argv:
                raise _OptionError(f"{flag} needs a value")
            options[flag[2:]] = argv.pop(0)
        else:
            raise _OptionError(f"unknown option {flag}")
    if "new" in options and "resume" in options:
        raise _OptionError("--new and --resume cannot go together: one starts a session, the other continues one")
    return options, argv


def _catalogue(argv: list[str]) -> int:
    from orkeon_engine.catalogue_export import FORMATS, render

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
    """`orkeon prompts render DIR`: one file per prompt (the prompt catalogues of the main loop and the dev
    crews)."""
    if len(args) != 2 or args[0] != "render":
        print(f"orkeon: expected `prompts render DIR`\n{USAGE}", file=sys.stderr)
        return 2
    from orkeon_engine.crews.dev_change.run import render_every_prompt as dev_change_prompts
    from orkeon_engine.crews.dev_implement.run import render_every_prompt as dev_implement_prompts
    from orkeon_engine.crews.dev_learn.run import render_every_prompt as dev_learn_prompts
    from orkeon_engine.crews.dev_plan.run import render_every_prompt as dev_plan_prompts
    from orkeon_engine.crews.dev_spec.run import render_every_prompt as dev_spec_prompts
    from orkeon_engine.crews.dev_verify.run import render_every_prompt as dev_verify_prompts
    from orkeon_engine.crews.main_loop.run import render_every_prompt

    target = Path(args[1])
    try:
        target.mkdir(parents=True, exist_ok=True)
        prompts = [*render_every_prompt(), *dev_spec_prompts(), *dev_change_prompts(), *dev_plan_prompts(),
                   *dev_verify_prompts(), *dev_learn_prompts(), *dev_implement_prompts()]
        for prompt in prompts:
            (target / f"{prompt.name}.md").write_text(prompt.text(), encoding="utf-8")
    except OSError as error:
        print(f"orkeon: cannot write the prompts to {target}: {error.strerror or error}", file=sys.stderr)
        return 1
    print(f"wrote {len(prompts)} prompts to {target}")
    return 0


async def _close(engine: Engine) -> None:
    """Close the engine on its loop (a child still running ends as interrupted)."""
    engine.close()


def _one_command(runner: EngineLoop, engine: Engine, tokens: list[str], screen: Screen) -> int:
    name, *args = tokens
    try:
        result = _run_drawn(runner, engine, name, args, screen)
    except KeyboardInterrupt:  # Ctrl-C: the command was cancelled where it waited; nothing half-done is kept
        print("\norkeon: cancelled", file=sys.stderr)
        _wait_for_children(runner, engine)
        return CANCELLED_EXIT
    code = _show(result, screen)
    _wait_for_children(runner, engine)
    return code


def _run_drawn(runner: EngineLoop, engine: Engine, name: str, args: list[str], screen: Screen) -> RunResult:
    """Run one command, with the screen's spinner while a crew works (Ctrl-C stops both)."""
    entry = engine.find(name)
    if entry is not None and entry.launches_crew:
        screen.working(entry.name)
    try:
        return runner.run(engine.run(name, args))
    finally:
        screen.done()


def _wait_for_children(runner: EngineLoop, engine: Engine) -> None:
    """Before one command exits: wait for the children it started (Ctrl-C stops them)."""
    running = engine.running_children()
    if not running:
        return
    print(f"orkeon: waiting for {len(running)} child agent{'' if len(running) == 1 else 's'} started in the "
          "background; Ctrl-C stops them", file=sys.stderr)
    try:
        runner.run(engine.wait_for_children())
    except KeyboardInterrupt:
        _say_interrupted(engine.running_children())


def _say_interrupted(ids: Sequence[int]) -> None:
    for child_id in ids:
        print(f"orkeon: c{child_id} stopped before its end; it shows as interrupted (`/tasks repair c{child_id}` "
              "runs it again)", file=sys.stderr)


def _show(result: RunResult, screen: Screen | None = None) -> int:
    from orkeon_engine.adapters.terminal import terminal_width
    from orkeon_engine.engine import BadArguments, Ok

    if isinstance(result, Ok):
        width = terminal_width()
        text = "" if screen is not None and screen.show(result.view, width) else result.render(width)
        if text:
            print(text)
        if result.view.aside:
            print(result.view.aside, file=sys.stderr)
        return result.view.exit_code
    print(f"orkeon: {result.render()}", file=sys.stderr)
    return 2 if isinstance(result, BadArguments) else 1


def _interactive(runner: EngineLoop, engine: Engine, reports: ChildReports, screen: Screen,
                 plain: bool = False) -> int:
    from orkeon_engine.domain.ui.prompt_line import wants_to_leave

    read, redraws = _line_reader(engine, plain)
    info = engine.deps.workspace
    keys = "; Alt-Enter adds a line, Up recalls, Tab completes" if redraws else ""
    print(f"Orkeon {engine.deps.version} in {info.root}. Type a request for the assistant (a line ending with \\ "
          f"goes on on the next; a paste keeps its lines{keys}); /help lists the commands; exit (or Ctrl-D) leaves.")
    held = len(runner.run(engine.deps.session.entries()))
    if held:
        print(f"Continuing session {engine.session_id} ({held} entries); /clear starts another.")
    for limitation in info.limitations:
        print(f"limited: {limitation}")
    for line in info.ignored:
        print(f"warning: {line}")
    _offer_local_model(runner, engine)
    _load_model_client_while_idle(runner, engine)
    while True:
        if _STOP_SIGNALS.received is not None:  # a SIGTERM or SIGHUP cancelled the last command: leave
            _say_interrupted(engine.running_children())
            return 0
        reports.at_prompt = not redraws
        try:
            line = read()
        except EOFError:
            print()
            _say_interrupted(engine.running_children())
            return 0
        except KeyboardInterrupt:
            print()
            continue
        finally:
            reports.at_prompt = False
        if wants_to_leave(line):  # `exit`, `quit`: as Ctrl-D, never a request to the model
            _say_interrupted(engine.running_children())
            return 0
        _interactive_line(runner, engine, line, screen)


def _line_reader(engine: Engine, plain: bool) -> tuple[Callable[[], str], bool]:
    """How the prompt reads an input, and whether it redraws itself when a report is printed: prompt_toolkit
    for a person at a terminal (adapters/terminal_prompt.py), else (no terminal, or --plain) input() with
    readline's completion of the command names."""
    from orkeon_engine.adapters.terminal import can_prompt

    if plain or not can_prompt(environ=os.environ):
        _setup_completion([e.name for e in engine.commands])
        return (lambda: read_input(input)), False
    from orkeon_engine.adapters.terminal_prompt import TerminalPrompt, history_path
    from orkeon_engine.domain.ui.line_completion import CommandWords
    from orkeon_engine.domain.ui.prompt_line import LEAVE_WORDS

    words = [CommandWords(e.name, e.args, e.description, e.aliases) for e in engine.commands]
    prompt = TerminalPrompt(PROMPT, CONTINUATION_PROMPT, words, history_path(Path(engine.deps.workspace.root),
                                                                             os.environ), LEAVE_WORDS)
    return prompt.read, True


def read_input(read: Callable[[str], str]) -> str:
    """One input at the prompt: a line, and the lines after it while each ends with a backslash (shown with
    the continuation prompt), joined with newlines. A paste arrives whole when the terminal brackets it.
    Ctrl-C on a continuation line drops the whole input (KeyboardInterrupt), Ctrl-D leaves (EOFError)."""
    from orkeon_engine.domain.ui.prompt_line import continued

    lines: list[str] = []
    prompt = PROMPT
    while True:
        line, more = continued(read(prompt))
        lines.append(line)
        if not more:
            return "\n".join(lines)
        prompt = CONTINUATION_PROMPT


def _offer_local_model(runner: EngineLoop, engine: Engine) -> None:
    """No model configured: say so in one line, and at a terminal offer to set up the local one (the set-up
    says what it downloads and asks before it starts: nothing is downloaded unasked)."""
    line = runner.run(engine.model_offer())
    if line is None:
        return
    print(line)
    if engine.deps.can_ask:
        try:
            _show(runner.run(engine.run("model", ["local"])))
        except KeyboardInterrupt:
            print("\ncancelled", file=sys.stderr)


def _load_model_client_while_idle(runner: EngineLoop, engine: Engine) -> None:
    """Load the model client in a background thread while the prompt waits for the first line, so the
    first request does not wait for the import (when a model is configured and model.preload is on)."""
    loader = runner.run(engine.model_client_loader())
    if loader is None:
        return
    logger = engine.deps.logger
    _MODEL_CLIENT_LOADER.start(lambda: logger.info(loader()))


class _BackgroundLoad:
    """The model client's background import, and a way out of the process that does not wait for it.

    The thread is no daemon: one stopped in the middle of an import at exit would leave the import lock
    held (and litellm's exit hook imports). So when the person leaves (`exit`, Ctrl-D) before the import is
    done, the console process ends at once, once the engine is closed and the output flushed, rather than
    wait seconds for an import nobody will use."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None

    def start(self, load: Callable[[], None]) -> None:
        self._thread = threading.Thread(target=load, name="orkeon-model-client", daemon=False)
        self._thread.start()

    def is_loading(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def leave(self, code: int) -> None:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


_MODEL_CLIENT_LOADER = _BackgroundLoad()


def _interactive_line(runner: EngineLoop, engine: Engine, line: str, screen: Screen) -> None:
    """Run one typed line: a command, or a request for the assistant."""
    from orkeon_engine.domain.ui.args import ArgumentError

    try:
        typed = engine.line_tokens(line)
    except ArgumentError as error:
        print(f"orkeon: {error.problem} ({error.usage})", file=sys.stderr)
        return
    if not typed:
        return
    name, *tokens = typed
    try:
        _show(_run_drawn(runner, engine, name, tokens, screen), screen)
    except KeyboardInterrupt:
        print("\ncancelled", file=sys.stderr)


def _setup_completion(names: list[str]) -> None:
    try:
        import readline
    except ImportError:  # no readline on this platform: the prompt works without completion
        return
    from orkeon_engine.domain.ui.prompt_line import LEAVE_WORDS

    words = sorted(["/" + name for name in names] + ["/" + word for word in LEAVE_WORDS])

    def complete(text: str, state: int) -> str | None:
        matches = [w for w in words if w.startswith(text)] if text.startswith("/") else []
        return matches[state] if state < len(matches) else None

    readline.set_completer_delims(" \t\n")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")
    # Python turns readline's bracketed paste off; on, a pasted text comes as one input, its lines kept
    readline.parse_and_bind("set enable-bracketed-paste on")


if __name__ == "__main__":
    sys.exit(main())
