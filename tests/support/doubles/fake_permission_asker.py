"""FakePermissionAsker: a HumanInput that also takes the gate's whole question (PermissionAsker), answering
from a scripted list; `permission_questions` records what the gate asked."""

from __future__ import annotations

from orkeon_engine.domain.permissions.question import PermissionQuestion
from tests.support.doubles.fake_human_input import FakeHumanInput


class FakePermissionAsker(FakeHumanInput):
    def __init__(self, answers: list[str | None] | None = None) -> None:
        super().__init__()
        self.answers: list[str | None] = list(answers or [])
        self.permission_questions: list[PermissionQuestion] = []

    async def ask_permission(self, question: PermissionQuestion) -> str | None:
        self.permission_questions.append(question)
        return self.answers.pop(0) if self.answers else None
