"""A question with options and a free answer: the label of the free answer where a front end can offer only
buttons (its text box comes next), and how a typed line answers it on the terminal (a number or an option's
words pick that option; any other words are the person's own answer; nothing typed is no answer)."""

from __future__ import annotations

from collections.abc import Sequence

OWN_ANSWER = "Answer in my own words…"
"""The extra option of a dialog that can only show buttons; choosing it opens a text box."""
OWN_ANSWER_PROMPT = "Your answer, in your own words"


def read_typed_answer(typed: str, options: Sequence[str]) -> str | None:
    """What a typed line answers: an option (by its number or its words, in any case), the typed words
    themselves, or None for an empty line."""
    text = typed.strip()
    if not text:
        return None
    if text.isascii() and text.isdigit() and 1 <= int(text) <= len(options):
        return options[int(text) - 1]
    return next((option for option in options if option.lower() == text.lower()), text)
