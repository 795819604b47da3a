"""The dev-verify crew's entry: the audit itself runs in services/dev_audit.py (audit_batch), which the
/dev-batches driver calls for each batch it closes; here, its prompts as the model reads them."""

from __future__ import annotations

from orkeon_engine.crews.dev_verify.prompt_catalogue import every_prompt
from orkeon_engine.domain.model.rendered_prompt import RenderedPrompt


def render_every_prompt() -> list[RenderedPrompt]:
    """Every prompt of this crew over sample inputs, as the model reads them (`orkeon prompts render`)."""
    return every_prompt()
