"""Asking a work file's open questions one at a time (Blocking first, as the file orders them), through the
HumanInput port: each answer is recorded (the caller writes its file) before the next question is asked,
and the first question nobody answers stops the round, leaving it and the rest open. Nothing answers for
the person."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from orkeon_engine.domain.dev.questions import Decision, QuestionBook, question_prompt
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.free_answer import ask_with_free_answer

Record = Callable[[QuestionBook], Awaitable[None]]
"""Writes the file once an answer moved its question under Decisions."""


async def ask_questions(step: DevStep, book: QuestionBook, label: str,
                        record: Record) -> tuple[QuestionBook, tuple[Decision, ...]]:
    """The book once the person answered what they would, and the decisions taken in this round."""
    total = len(book.open)
    decided: list[Decision] = []
    while (question := book.next_open()) is not None:
        step.report(f"asking {question.id} ({len(decided) + 1} of {total})")
        prompt = question_prompt(label, question, len(decided) + 1, total)
        answer = await ask_with_free_answer(step.ports.human, prompt, question.labels())
        if answer is None:
            break
        book = book.decide(question.id, answer)
        await record(book)
        decided.append(book.decided[-1])
    return book, tuple(decided)
