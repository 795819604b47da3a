"""Attached skills: playbook files the person attaches to the session for the assistant to apply.

The state bag keeps their virtual paths (SKILLS_STATE_KEY), so /clear detaches them with the rest. Each
file is read again whenever it is used, so an edit shows at the next turn. A playbook longer than the cap
is cut on a line boundary and marked as cut, saying how much was left out.
"""

from __future__ import annotations

from dataclasses import dataclass

SKILLS_STATE_KEY = "skills.attached"
SKILL_CAP_CHARS = 8_000
MAX_SKILLS = 20


@dataclass(frozen=True)
class AttachedSkill:
    """One attached playbook as it reads now: its text (capped), its full size, whether it was cut, and
    the reason it could not be read (then `text` is empty)."""

    path: str
    text: str = ""
    size: int = 0
    """The file's full length in characters."""
    cut: bool = False
    error: str = ""

    @property
    def name(self) -> str:
        return self.path.rsplit("/", 1)[-1]


def cut_marker(shown: int, total: int) -> str:
    return f"[cut: the first {shown:,} of {total:,} characters of this playbook are shown]"


def cap_skill(text: str, limit: int = SKILL_CAP_CHARS) -> tuple[str, bool]:
    """The text within `limit` characters, cut after its last whole line and marked, and whether it was cut."""
    if len(text) <= limit:
        return text, False
    head = text[:limit]
    newline = head.rfind("\n")
    if newline > limit // 2:
        head = head[: newline + 1]
    return head.rstrip("\n") + "\n" + cut_marker(len(head), len(text)), True


def skill_from_text(path: str, text: str, limit: int = SKILL_CAP_CHARS) -> AttachedSkill:
    shown, cut = cap_skill(text, limit)
    return AttachedSkill(path, shown, len(text), cut)


def paths_from_state(value: object) -> list[str]:
    """The attached paths kept in the state bag (anything else there reads as none)."""
    if not isinstance(value, list):
        return []
    return [item for item in value if isinstance(item, str)]
