"""RenderedPrompt: one prompt as the model reads it, rendered over sample inputs, for `orkeon prompts render
DIR` and the prompt-contract test (each crew with prompts keeps a catalogue of its own)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RenderedPrompt:
    """One prompt as sent: a file name for it, the system message and the user message."""

    name: str
    system: str
    user: str

    def text(self) -> str:
        return f"=== system ===\n{self.system.rstrip()}\n\n=== user ===\n{self.user.rstrip()}\n"
