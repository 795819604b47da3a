"""Asking a question whose answer is one of its options or the person's own words, through whatever the
front end offers: its own question for it (a FreeAnswerAsker: the terminal, the editor, an ACP client), or a
choice with one more option, "Answer in my own words…", followed by a line of text."""

from __future__ import annotations

from orkeon_engine.domain.ui.free_answer import OWN_ANSWER, OWN_ANSWER_PROMPT
from orkeon_engine.ports.human_input import FreeAnswerAsker, HumanInput


async def ask_with_free_answer(human: HumanInput, question: str, options: list[str]) -> str | None:
    """One of `options` exactly as given, the person's own words (stripped), or None when nobody answered
    (an empty answer is none)."""
    if isinstance(human, FreeAnswerAsker):
        answer = await human.choose_or_write(question, options)
    else:
        answer = await human.choose(question, [*options, OWN_ANSWER])
        if answer == OWN_ANSWER:
            answer = await human.ask_text(f"{question}\n{OWN_ANSWER_PROMPT}")
    if answer is None or not answer.strip():
        return None
    return answer if answer in options else answer.strip()
