"""Verification playbooks: where each zone's playbook lives, and the fixed outline every playbook has
(prerequisites, steps with their commands, the expected signal, what to report), enforced by code over
the model's answer."""

from __future__ import annotations

import re

PLAYBOOK_SECTIONS: tuple[str, ...] = ("Prerequisites", "Steps", "Expected signal", "What to report")
MISSING_SECTION = "Not stated: the project's configuration gives nothing for this part; check it by hand."

_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$")


def _section_of(title: str) -> str | None:
    cleaned = title.strip().strip("*_`").rstrip(":").strip().lower()
    cleaned = re.sub(r"^\d+[.)]\s*", "", cleaned)
    for section in PLAYBOOK_SECTIONS:
        if cleaned == section.lower() or cleaned.startswith(section.lower()):
            return section
    return None


def parse_sections(answer: str) -> dict[str, str]:
    """The model's answer split into the outline's sections (text under an unknown heading stays with
    the section above it; text before the first section is dropped)."""
    sections: dict[str, list[str]] = {}
    current: str | None = None
    for line in answer.strip().strip("`").splitlines():
        match = _HEADING.match(line.strip())
        section = _section_of(match.group(1)) if match else None
        if section is not None:
            current = section
            sections.setdefault(current, [])
            continue
        if current is not None:
            sections[current].append(line)
    return {name: "\n".join(lines).strip() for name, lines in sections.items()}


def _demoted(text: str) -> str:
    """A section's text with its own headings below the outline's level, so the outline stays whole."""
    return "\n".join(re.sub(r"^#{1,2}(?=\s)", "###", line) for line in text.splitlines())


def render_playbook(label: str, sections: dict[str, str]) -> tuple[str, list[str]]:
    """The playbook in its fixed outline, and the sections the answer lacked (written as not stated)."""
    missing = [s for s in PLAYBOOK_SECTIONS if not sections.get(s)]
    parts = [f"# Verify {label}", "",
             "A verification playbook written by /init-verifiers from the project's configuration.", ""]
    for section in PLAYBOOK_SECTIONS:
        parts += [f"## {section}", "", _demoted(sections.get(section) or MISSING_SECTION), ""]
    return "\n".join(parts).rstrip() + "\n", missing
