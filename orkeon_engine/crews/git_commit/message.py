"""The commit message: the draft the model returns as JSON, the checks code makes on it, and its text."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field, create_model, model_validator

from orkeon_engine.domain.model_replies.model_json import shown_value

CommitType = Literal["feat", "fix", "docs", "style", "refactor", "perf", "test", "build", "ci", "chore", "revert"]
COMMIT_TYPES: tuple[str, ...] = ("feat", "fix", "docs", "style", "refactor", "perf", "test", "build", "ci",
                                 "chore", "revert")
MAX_HEADER = 72
BODY_WIDTH = 72
MAX_SCOPE = 12
MAX_SUBJECT = MAX_HEADER - len("refactor!: ")
"""61: with the longest type and the breaking mark the header fits in 72 characters; when a scope makes it
longer, code drops the scope (CommitDraft._check), so an answer a server shaped to the schema always passes
the header check. (A tighter limit that left room for the scope cut a small model's subjects mid-phrase.)"""
SCOPE_PATTERN = rf"^[a-z0-9][a-z0-9_-]{{0,{MAX_SCOPE - 1}}}$"
SUBJECT_PATTERN = rf'^[^"\\\r\n]{{1,{MAX_SUBJECT}}}$'
"""One line of at most MAX_SUBJECT characters. llama.cpp's grammars keep a pattern and drop maxLength beside
it, so the length is in the pattern too; quotes and backslashes are left out, as a pattern's characters go
into the JSON string unescaped there."""
_SCOPE = re.compile(SCOPE_PATTERN)
_HEADER = re.compile(r"^(?P<type>[a-z]+)(?:\((?P<scope>[^()\s]+)\))?(?P<breaking>!)?: (?P<subject>\S.*)$")
_TYPE_PREFIX = re.compile(rf"^\s*(?:{'|'.join(COMMIT_TYPES)})(?:\([^()]*\))?!?\s*:\s*", re.IGNORECASE)
_FILE_SUFFIX = re.compile(r"\.[A-Za-z0-9]{1,8}$")
_NO_SCOPE = frozenset({"", "null", "none", "n/a"})


class CommitDraft(BaseModel):
    """The model's answer: the parts of a Conventional Commits message."""

    type: CommitType = Field(description="the kind of change: " + ", ".join(COMMIT_TYPES))
    scope: str | None = Field(default=None, max_length=MAX_SCOPE, pattern=SCOPE_PATTERN,
                              description=f"the area the change touches, one lower-case word of at most "
                                          f"{MAX_SCOPE} letters (no file name, no dot), or null")
    subject: str = Field(min_length=1, max_length=MAX_SUBJECT, pattern=SUBJECT_PATTERN,
                         description=f"what changed, imperative, at most {MAX_SUBJECT} characters, no type "
                                     "prefix, no final period")
    body: str = Field(min_length=1, description="why the change was made, in a few sentences")
    breaking: bool = Field(default=False, description="true only when existing users must change something")

    @model_validator(mode="before")
    @classmethod
    def _tidy(cls, data: Any) -> Any:
        return tidy_draft(data) if isinstance(data, dict) else data

    @model_validator(mode="after")
    def _check(self) -> CommitDraft:
        if self.scope and len(self.header()) > MAX_HEADER and len(self.subject.strip()) <= MAX_SUBJECT:
            self.scope = None  # the scope is the one part a commit can do without
        problems = draft_problems(self)
        if problems:
            raise ValueError("\n".join(problems))
        return self

    def header(self) -> str:
        scope = f"({self.scope.strip()})" if self.scope and self.scope.strip() else ""
        return f"{self.type}{scope}{'!' if self.breaking else ''}: {self.subject.strip()}"


def draft_model(types: Sequence[str]) -> type[CommitDraft]:
    """CommitDraft with its type narrowed to `types` (crews/git_commit/change_kind.py: what code can tell
    of the change), so the schema a server enforces, and the one the instructions show, offers no other."""
    chosen = tuple(t for t in COMMIT_TYPES if t in types)
    if not chosen or len(chosen) == len(COMMIT_TYPES):
        return CommitDraft
    narrowed: Any = Literal.__getitem__(chosen)
    model: type[CommitDraft] = create_model(
        "CommitDraft", __base__=CommitDraft, __doc__=CommitDraft.__doc__,
        type=(narrowed, Field(description="the kind of change: " + ", ".join(chosen))))
    return model


def tidy_draft(data: dict[str, Any]) -> dict[str, Any]:
    """What code fixes in a draft without asking the model again: whitespace around each text, a type
    prefix repeated in the subject (`fix: fix: ...`), a final period, a scope in capitals or naming a file
    (`calc.py`, `src/Calc.py` → `calc`); a scope that says there is none (`null`), or is still no one short
    word, is dropped, as a commit does without one. (So is a scope that makes the first line too long.)"""
    tidied = dict(data)
    subject = tidied.get("subject")
    if isinstance(subject, str):
        subject = subject.strip()
        while _TYPE_PREFIX.match(subject) and _TYPE_PREFIX.sub("", subject, count=1).strip():
            subject = _TYPE_PREFIX.sub("", subject, count=1).strip()
        tidied["subject"] = subject.rstrip(". \t")
    if isinstance(tidied.get("scope"), str):
        tidied["scope"] = _tidy_scope(tidied["scope"])
    body = tidied.get("body")
    if isinstance(body, str):
        tidied["body"] = body.strip()
    return tidied


def _tidy_scope(scope: str) -> str | None:
    scope = scope.strip().strip("()`'\"").strip()
    name = scope.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
    if "." in name or "/" in scope:
        name = _FILE_SUFFIX.sub("", name)
    name = name.lower()
    if name in _NO_SCOPE or not _SCOPE.match(name):
        return None
    return name


def draft_problems(draft: CommitDraft) -> list[str]:
    """What is wrong with a draft, one line each naming the field, the rule and the value; empty when it is
    fit to commit."""
    problems: list[str] = []
    subject = draft.subject.strip()
    if not subject:
        problems.append("subject: must not be empty")
    if "\n" in subject:
        problems.append(f"subject: must be one line, was {shown_value(subject)}")
    if subject.endswith("."):
        problems.append(f"subject: must not end with a period, was {shown_value(subject)}")
    scope = (draft.scope or "").strip()
    if scope and not _SCOPE.match(scope):
        problems.append(f"scope: one lower-case word of letters, digits, - and _ (at most {MAX_SCOPE}), was "
                        f"{shown_value(scope)}")
    header = draft.header()
    if len(header) > MAX_HEADER:
        problems.append(f"subject: the first line must stay within {MAX_HEADER} characters, was {len(header)}: "
                        f"{shown_value(header)}")
    if not draft.body.strip():
        problems.append("body: must not be empty: say why the change was made")
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
