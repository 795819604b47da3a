"""The main loop's use cases over the ports: one turn of the assistant, /summary, /context, and the
rendering of every prompt for `orkeon prompts render`.
"""

from __future__ import annotations

from orkeon_engine.crews.main_loop.prompt_catalogue import RenderedPrompt, every_prompt


def render_every_prompt() -> list[RenderedPrompt]:
    """Every prompt of the assistant in every mode, as the model reads it (sample inputs)."""
    return every_prompt()
