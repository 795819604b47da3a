"""The assistant's behaviour flags: reasoning effort, the fast model, proactive work, the output style and
the answer's language. Each is a session setting (a settings key the toggle commands write in the session
scope, and a person may also put in a settings file); the main loop reads them once per turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

Effort = Literal["low", "medium", "high"]
EFFORTS: tuple[Effort, ...] = get_args(Effort)
OutputStyle = Literal["default", "concise", "explanatory"]
OUTPUT_STYLES: tuple[OutputStyle, ...] = get_args(OutputStyle)

@dataclass(frozen=True)
class BehaviourFlags:
    """The flags of one turn. None for effort leaves the provider's default; an empty language lets the
    answer follow the person's own."""

    effort: Effort | None = None
    fast: bool = False
    proactive: bool = False
    output_style: OutputStyle = "default"
    language: str = ""

    def describe(self) -> str:
        """`effort high, fast, proactive, concise, in French`: the flags that differ from the defaults."""
        parts = []
        if self.effort is not None:
            parts.append(f"effort {self.effort}")
        if self.fast:
            parts.append("fast")
        if self.proactive:
            parts.append("proactive")
        if self.output_style != "default":
            parts.append(self.output_style)
        if self.language:
            parts.append(f"in {self.language}")
        return ", ".join(parts)


def read_flags(effort: object, fast: object, proactive: object, style: object, language: object) -> BehaviourFlags:
    """The flags from the settings' raw values; a value of the wrong shape reads as the flag's default."""
    return BehaviourFlags(
        effort=next((e for e in EFFORTS if e == effort), None),
        fast=fast is True,
        proactive=proactive is True,
        output_style=next((s for s in OUTPUT_STYLES if s == style), "default"),
        language=language.strip() if isinstance(language, str) else "",
    )
