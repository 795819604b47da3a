import dataclasses

import pytest

from orkeon_engine.commands.session.copy import run_copy
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.session.history import ADVICE, archived
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.ui.args import ParsedArgs
from orkeon_engine.ports.clipboard import ClipboardError
from tests.support.deps import make_deps
from tests.support.doubles.fake_clipboard import FakeClipboard

ANSWER = "Use a dataclass:\n\n```python\n@dataclass\nclass Cart: ...\n```\n"


EXCHANGE = (BufferEntry("user", "how?"), BufferEntry("assistant", ANSWER))


async def _deps(clipboard=None, entries=EXCHANGE):
    deps = dataclasses.replace(await make_deps(), clipboard=clipboard)
    for entry in entries:
        await deps.session.append(entry)
    return deps


async def test_copy_puts_the_last_answer_on_the_clipboard():
    clipboard = FakeClipboard()
    deps = await _deps(clipboard)

    view = await run_copy(ParsedArgs(), deps)

    assert clipboard.copied == [ANSWER.strip()]
    size = len(ANSWER.strip())
    assert view.message == f"Copied the last answer ({size} characters) to the clipboard through wl-copy."


async def test_copy_takes_the_last_answer_not_a_second_opinion_after_it():
    clipboard = FakeClipboard()
    deps = await _deps(clipboard, (archived(BufferEntry("assistant", "the first answer")),
                                   BufferEntry("assistant", "the advisor's view", ADVICE)))

    await run_copy(ParsedArgs(), deps)

    assert clipboard.copied == ["the first answer"]


async def test_without_a_clipboard_the_answer_is_returned_for_the_client_to_copy():
    deps = await _deps()

    view = await run_copy(ParsedArgs(), deps)

    assert view.data == {"text": ANSWER.strip(), "copied": False}
    assert view.lines[0] == "Use a dataclass:" and "for the client to copy" in view.message


async def test_with_no_way_to_a_clipboard_the_message_says_so_and_prints_the_answer():
    clipboard = FakeClipboard()
    clipboard.error = ClipboardError("no clipboard: no clipboard program (wl-copy, xclip, xsel, pbcopy) is here")
    deps = await _deps(clipboard)

    view = await run_copy(ParsedArgs(), deps)

    assert view.exit_code == 1 and view.message.startswith("no clipboard: no clipboard program")
    assert view.lines[-1] == "```" and view.data["copied"] is False


async def test_nothing_to_copy_before_the_first_answer():
    deps = await _deps(FakeClipboard(), entries=(BufferEntry("user", "hello"),))

    with pytest.raises(CommandFailedError, match="nothing to copy"):
        await run_copy(ParsedArgs(), deps)
