"""The commit message: the draft the model returns as JSON, the checks code makes on it, and its text."""

from __future__ import annotations

import re
import textwrap
from typing import Literal

from pydantic import BaseModel, Field, model_validator

CommitType = Literal["feat", "fix", "docs", "style", "refactor", "perf", "test", "build", "ci", "chore", "revert"]
COMMIT_TYPES: tuple[str, ...] = ("feat", "fix", "docs", "style", "refactor", "perf", "test", "build", "ci",
                                 "chore", "revert")
MAX_HEADER = 72
BODY_WIDTH = 72
_SCOPE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_./-]*$")
_HEADER = re.compile(r"^(?P<type>[a-z]+)(?:\((?P<scope>[^()\s]+)\))?(?P<breaking>!)?: (?P<subject>\S.*)$")


class CommitDraft(BaseModel):
    """The model's answer: the parts of a Conventional Commits message."""

    type: CommitType = Field(description="the kind of change: " + ", ".join(COMMIT_TYPES))
    scope: str | None = Field(default=None, description="the area the change touches, one word, or null")
    subject: str = Field(description="what changed, imperative, no final period")
    body: str = Field(description="why the change was made, in a few sentences")
    breaking: bool = Field(default=False, description="true only when existing users must change something")

    @model_validator(mode="after")
    def _check(self) -> CommitDraft:
        problems = draft_problems(self)
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def header(self) -> str:
        scope = f"({self.scope.strip()})" if self.scope and self.scope.strip() else ""
        return f"{self.type}{scope}{'!' if self.breaking else ''}: {self.subject.strip()}"


def draft_problems(draft: CommitDraft) -> list[str]:
    """What is wrong with a draft, in words the model can act on; empty when it is fit to commit."""
    problems: list[str] = []
    subject = draft.subject.strip()
    if not subject:
        problems.append("the subject is empty")
    if "\n" in subject:
        problems.append("the subject must be one line")
    if subject.endswith("."):
        problems.append("the subject must not end with a period")
    scope = (draft.scope or "").strip()
    if scope and not _SCOPE.match(scope):
        problems.append(f"the scope {scope!r} must be one word (letters, digits, -, _, ., /)")
    header = draft.header()
    if len(header) > MAX_HEADER:
        problems.append(f"the first line '{header}' has {len(header)} characters; keep it within {MAX_HEADER}")
    if not draft.body.strip():
        problems.append("the body is empty: say why the change was made")
    return problems


def render_message(draft: CommitDraft) -> str:
    """The full message: the header, a blank line, the body wrapped at 72 columns."""
    return f"{draft.header()}\n\n{wrap_body(draft.body)}"


def wrap_body(body: str) -> str:
    """Each paragraph wrapped at the body width; a bullet keeps its hanging indent."""
    paragraphs: list[str] = []
    for block in re.split(r"\n\s*\n", body.strip()):
        lines: list[str] = []
        for raw in block.splitlines():
            line = raw.rstrip()
            bullet = re.match(r"^(\s*[-*] )", line)
            indent = " " * len(bullet.group(1)) if bullet else ""
            lines.append(textwrap.fill(line, BODY_WIDTH, subsequent_indent=indent, break_long_words=False,
                                       break_on_hyphens=False) if line else "")
        paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


def message_problems(message: str) -> list[str]:
    """The checks of a whole message's text: a Conventional Commits header within 72 characters, a blank
    line, then a body."""
    lines = message.strip("\n").splitlines()
    if not lines or not lines[0].strip():
        return ["the message is empty"]
    problems: list[str] = []
    match = _HEADER.match(lines[0])
    if match is None:
        problems.append("the first line is not '<type>(<scope>): <subject>'")
    elif match.group("type") not in COMMIT_TYPES:
        problems.append(f"the type {match.group('type')!r} is not one of {', '.join(COMMIT_TYPES)}")
    if len(lines[0]) > MAX_HEADER:
        problems.append(f"the first line has {len(lines[0])} characters; the limit is {MAX_HEADER}")
    if len(lines) < 3 or lines[1].strip() or not any(line.strip() for line in lines[2:]):
        problems.append("a blank line and a body must follow the first line")
    return problems
