"""The work folder: where every artefact of one piece of work lives, `<dev.workFolder>/<code>/`
(`.orkeon/work/<code>/` by default), and the rules on the code the person chooses and on the setting.

A code is a short slug (letters, digits, `-` and `_`, 40 characters at most) naming one folder: a `/`, a `\\`,
a `..`, an empty code or any other character is refused with a message that says what is accepted. A
folder holds one kind of work: a spec (spec.md) or a change brief (brief.md), never both, so a code taken
by the other kind is refused too. The setting is a relative path inside the workspace, never `..`, an
absolute path or git's store: a project's settings file is hostile input.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

DEFAULT_WORK_FOLDER = ".orkeon/work"
MAX_CODE_CHARS = 40
WorkKind = Literal["spec", "brief"]
WORK_FILES: dict[WorkKind, str] = {"spec": "spec.md", "brief": "brief.md"}
"""The file each kind of work is written to."""
REVIEW_FILE = "review.md"
KIND_WORDS: dict[WorkKind, str] = {"spec": "a spec", "brief": "a change brief"}

_CODE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
_SEGMENT = re.compile(r"[A-Za-z0-9._-]+")
CODE_RULE = (f"a code is a short slug: letters, digits, - and _, starting with a letter or a digit, "
             f"{MAX_CODE_CHARS} characters at most (such as cart-save)")


class WorkCodeError(ValueError):
    """A code (or a dev.workFolder value) that cannot name a work folder; the message says why and what works."""


def check_code(code: str) -> str:
    """The code as given when it can name a work folder; WorkCodeError saying why not otherwise."""
    if not code.strip():
        raise WorkCodeError(f"a work code is needed: {CODE_RULE}")
    if "/" in code or "\\" in code:
        raise WorkCodeError(f"the work code {code!r} holds a path separator; it names one folder: {CODE_RULE}")
    if ".." in code:
        raise WorkCodeError(f"the work code {code!r} holds `..`; {CODE_RULE}")
    if len(code) > MAX_CODE_CHARS:
        raise WorkCodeError(f"the work code {code[:20]!r}... is {len(code)} characters long; {CODE_RULE}")
    if _CODE.fullmatch(code) is None:
        bad = next((ch for ch in code if not (ch.isascii() and (ch.isalnum() or ch in "-_"))), code[0])
        raise WorkCodeError(f"the work code {code!r} holds {bad!r}; {CODE_RULE}")
    return code


def check_work_folder(value: str) -> str:
    """The dev.workFolder setting as a clean workspace-relative path; WorkCodeError when it would leave
    the workspace or land in git's store."""
    given = value.strip()
    text = given[2:] if given.startswith("./") else given
    problem = _work_folder_problem(given, text)
    if problem:
        raise WorkCodeError(f"the dev.workFolder setting {value!r} {problem}; it must be a folder inside the "
                            f"workspace, such as {DEFAULT_WORK_FOLDER}")
    return text.rstrip("/")


def _work_folder_problem(given: str, text: str) -> str:
    if given.startswith(("/", "\\", "~")) or re.match(r"^[A-Za-z]:", given):
        return "is an absolute path"
    if not text.rstrip("/") or text.rstrip("/") == ".":
        return "names the workspace itself"
    if "\\" in text:
        return "holds a backslash"
    segments = text.rstrip("/").split("/")
    if any(segment in ("", ".", "..") for segment in segments):
        return "holds an empty, `.` or `..` segment"
    if segments[0] == ".git":
        return "lies in git's own store"
    if any(_SEGMENT.fullmatch(segment) is None for segment in segments):
        return "holds a character other than letters, digits, `.`, `-` and `_`"
    return ""


@dataclass(frozen=True)
class WorkPlace:
    """One piece of work's folder: its code, and its files as workspace-relative paths."""

    folder: str
    """The work folder setting, checked (`.orkeon/work`)."""
    code: str

    @property
    def path(self) -> str:
        return f"{self.folder}/{self.code}"

    def file(self, name: str) -> str:
        return f"{self.path}/{name}"

    def work_file(self, kind: WorkKind) -> str:
        return self.file(WORK_FILES[kind])

    @property
    def review_file(self) -> str:
        return self.file(REVIEW_FILE)


def kind_taken(present: dict[WorkKind, bool]) -> WorkKind | None:
    """The kind of work a folder holds, from which work files exist in it (a spec first when both do)."""
    return next((kind for kind in WORK_FILES if present.get(kind)), None)


def taken_refusal(place: WorkPlace, held: WorkKind, wanted: WorkKind) -> str:
    """Why a code taken by another kind of work cannot start this one, and what would do."""
    return (f"the work code {place.code!r} is taken by {KIND_WORDS[held]} ({place.work_file(held)}); "
            f"{KIND_WORDS[wanted]} needs a code of its own: choose another code, or run /dev-spec "
            f"{place.code} to go on with {KIND_WORDS[held]}")


def exists_refusal(place: WorkPlace, held: WorkKind) -> str:
    """Why a new description for a code whose work exists is refused, and what would do."""
    return (f"{place.work_file(held)} already exists: /dev-spec {place.code} goes on with it (its next open "
            f"question); to start over, choose another code or delete {place.path}/")
