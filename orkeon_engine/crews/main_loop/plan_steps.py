"""The steps of a plan-mode answer, read from its text for a front end that shows a plan (ACP's `plan`).

A plan answer lists its steps in order. The steps are the answer's numbered items (`1.`, `2)`), or, when
it numbers none, its top-level bullets (`-`, `*`, `+`); a line indented deeper, or inside a fenced code
block, is the step's detail, not a step. Markdown emphasis around a step is dropped. The text is the
model's, so it is read defensively: no step is longer than STEP_CHARS, and at most MAX_STEPS are kept.
"""

from __future__ import annotations

import re

MAX_STEPS = 30
STEP_CHARS = 300
_NUMBERED = re.compile(r"^ {0,3}(\d{1,3})[.)]\s+(\S.*)$")
_BULLET = re.compile(r"^ {0,1}[-*+]\s+(\S.*)$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_EMPHASIS = re.compile(r"(\*\*|__)(.+?)\1")


def plan_steps(answer: str) -> tuple[str, ...]:
    """The plan's steps in order (numbered items first choice, else top-level bullets); () when none."""
    numbered: list[str] = []
    bullets: list[str] = []
    fenced = False
    for line in answer.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        if match := _NUMBERED.match(line):
            numbered.append(match.group(2))
        elif match := _BULLET.match(line):
            bullets.append(match.group(1))
    found = numbered or bullets
    steps = (_clean(step) for step in found)
    return tuple(step for step in steps if step)[:MAX_STEPS]


def _clean(step: str) -> str:
    text = _EMPHASIS.sub(r"\2", step).strip()
    if len(text) > STEP_CHARS:
        text = text[: STEP_CHARS - 1].rstrip() + "…"
    return text
