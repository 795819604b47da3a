"""Questions with a deadline: a question nobody answers in time is no answer (None).

The deadline runs on the event loop's timer (`asyncio.timeout`), real time even under a fake Clock, since
it bounds a wait on a real peer (an editor, a terminal). The permission gate bounds its questions this way
(`permissions.askTimeout`, from the moment a call reaches it), so a client that shows a question and never
answers cannot hold the gate; so does the workspace trust question.
"""

from __future__ import annotations

import asyncio

from orkeon_engine.ports.human_input import HumanInput

DEFAULT_ASK_SECONDS = 120.0


async def ask_within(human: HumanInput, question: str, options: list[str], seconds: float) -> str | None:
    """The person's choice, or None when nobody answers within `seconds` (the question is withdrawn)."""
    try:
        async with asyncio.timeout(max(seconds, 0.0)):
            return await human.choose(question, options)
    except TimeoutError:
        return None
