"""The interactive prompt on prompt_toolkit, for a person at a terminal.

- History per workspace across sessions, kept in the user's state folder (platformdirs: `$XDG_STATE_HOME/
  orkeon/history/<folder name>-<hash of its path>`), never inside the repository, so a cloned project cannot
  bring one; Up/Down walk it and Ctrl-R searches it.
- Completion (Tab) of commands, their flags, the closed choices of their arguments (settings keys, mode
  names), a `mode:` prefix, and paths from the disk (domain/ui/line_completion.py decides which).
- Multi-line input: a paste stays one input, Alt-Enter (Esc then Enter) adds a line, and so does a line
  ending with a backslash, as at the plain prompt.
- Ctrl-C drops the line being typed (KeyboardInterrupt), Ctrl-D on an empty line leaves (EOFError), as
  `input()` does; printing from other threads (a child agent's report) goes above the prompt.

This module imports prompt_toolkit: the command line imports it only when it opens the prompt, never at
start-up.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from platformdirs import user_state_path
from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion, PathCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.patch_stdout import patch_stdout

from orkeon_engine.domain.ui.line_completion import CommandWords, complete_line

HISTORY_FOLDER = "history"


def history_path(root: Path, environ: Mapping[str, str]) -> Path:
    """The file of the workspace's prompt history in the user's state folder (XDG_STATE_HOME when set)."""
    state = Path(environ["XDG_STATE_HOME"]) / "orkeon" if environ.get("XDG_STATE_HOME") else user_state_path("orkeon")
    resolved = root.resolve()
    digest = hashlib.sha256(str(resolved).encode("utf-8")).hexdigest()[:16]
    return state / HISTORY_FOLDER / f"{resolved.name or 'root'}-{digest}"


class TerminalPrompt:
    """Reads one input at a time (the module docstring)."""

    def __init__(self, prompt: str, continuation: str, commands: Sequence[CommandWords], history: Path,
                 extra: Sequence[str] = ()) -> None:
        self._prompt = prompt
        self._continuation = continuation
        try:
            history.parent.mkdir(parents=True, exist_ok=True)
            kept: History = FileHistory(str(history))
        except OSError:  # no state folder to write to: the history lasts the session
            kept = InMemoryHistory()
        self._session: PromptSession[str] = PromptSession(
            history=kept, completer=LineCompleter(commands, extra), complete_while_typing=False,
            key_bindings=_bindings(), multiline=True, prompt_continuation=lambda *_: continuation,
            enable_history_search=False)

    def read(self) -> str:
        """One input; KeyboardInterrupt on Ctrl-C, EOFError on Ctrl-D."""
        with patch_stdout(raw=True):
            return self._session.prompt(self._prompt)


def _bindings() -> KeyBindings:
    bindings = KeyBindings()

    @bindings.add("enter")
    def _enter(event: KeyPressEvent) -> None:
        """Send the input, but a line ending with a backslash goes on on the next."""
        buffer = event.current_buffer
        document = buffer.document
        if document.is_cursor_at_the_end and document.text.endswith("\\"):
            buffer.delete_before_cursor(1)
            buffer.insert_text("\n")
            return
        buffer.validate_and_handle()

    @bindings.add("escape", "enter")
    def _new_line(event: KeyPressEvent) -> None:
        """Alt-Enter: a new line in the same input."""
        event.current_buffer.insert_text("\n")

    return bindings


class LineCompleter(Completer):
    """domain/ui/line_completion.py's words, and paths from the disk through prompt_toolkit's PathCompleter."""

    def __init__(self, commands: Sequence[CommandWords], extra: Sequence[str]) -> None:
        self._commands = list(commands)
        self._extra = list(extra)
        self._paths = PathCompleter(expanduser=True)

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        found = complete_line(document.text_before_cursor, self._commands, self._extra)
        for word in found.words:
            yield Completion(word.text, -word.replaces, display_meta=word.meta or None)
        if found.path is not None:
            yield from self._paths.get_completions(Document(found.path), complete_event)
