"""/run's pure part: the command line from the tokens, the entry its output leaves in the conversation
(capped: its head and tail kept, with a note of what was left out), and the gate's reason in the person's
words.

The entry is the person's (role user, kind COMMAND_OUTPUT), so the next turn's history shows it as
`[command output]`; it is not a request, so it joins the exchange before it.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence

from orkeon_engine.domain.context.context_files import fence_for
from orkeon_engine.domain.session.history import COMMAND_OUTPUT
from orkeon_engine.domain.session.session import BufferEntry

RUN_HISTORY_CHARS = 8_000
"""The most of a command's output the conversation keeps (the person sees all the shell returned)."""
RUN_TIMEOUT_SECONDS = 600
"""How long /run lets a command run: the shell tool's longest; Ctrl-C (a cancel) stops it sooner."""
MODEL_TAILS = ("; change approach", "; do not repeat", "; the mode is the person's choice", "; do it another way")
"""Where a gate or tool reason stops speaking to the person and starts advising the model."""


def command_line(tokens: Sequence[str]) -> str:
    """The line to run: one token as it was typed (the prompt, an editor), several quoted as a shell would
    (`orkeon run grep "a b" x` runs `grep 'a b' x`)."""
    if len(tokens) == 1:
        return tokens[0].strip()
    return shlex.join(tokens)


def person_reason(reason: str) -> str:
    """The gate's (or the shell tool's) reason without the advice meant for the model."""
    cut = min((index for tail in MODEL_TAILS if (index := reason.find(tail)) != -1), default=len(reason))
    return reason[:cut].rstrip(" ;").removeprefix("refused: ")


def capped_output(text: str, limit: int = RUN_HISTORY_CHARS) -> tuple[str, bool]:
    """The output within `limit` characters, its head and tail kept around a note, and whether it was cut."""
    if len(text) <= limit:
        return text, False
    head = text[: limit * 2 // 3]
    tail = text[-(limit - len(head)):]
    left = len(text) - len(head) - len(tail)
    return f"{head}\n[... {left:,} characters of the output left out here ...]\n{tail}", True


def output_entry(command: str, result: str, limit: int = RUN_HISTORY_CHARS) -> tuple[BufferEntry, bool]:
    """The conversation's entry for a command the person ran: the line and what it returned (capped)."""
    shown, cut = capped_output(result.rstrip("\n"), limit)
    fence = fence_for(shown)
    text = f"The person ran `{command}` in /workspace (/run):\n{fence}\n{shown}\n{fence}"
    return BufferEntry("user", text, COMMAND_OUTPUT), cut
