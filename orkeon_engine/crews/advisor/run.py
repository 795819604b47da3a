"""run_advisor: one call of the advisor's model, no tools, the rules as the system message and the material
as the user message."""

from __future__ import annotations

from dataclasses import dataclass

from orkeon_engine.crews.advisor.prompt import (
    ADVICE_KIND,
    NOTHING_TO_ADD,
    SYSTEM_PROMPT,
    Advice,
    AdvisorMaterial,
    build_user_prompt,
    pick_material,
    read_advice,
)
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.model.chat import CallOptions
from orkeon_engine.services.llm import Llm

__all__ = ["ADVICE_KIND", "NOTHING_TO_ADD", "Advice", "AdvisorInput", "AdvisorMaterial", "pick_material",
           "run_advisor"]

MAX_ADVICE_TOKENS = 1_500


@dataclass(frozen=True)
class AdvisorInput:
    """The material and the model to ask (None: the session's model)."""

    material: AdvisorMaterial
    model: str | None = None


async def run_advisor(crew_input: AdvisorInput, llm: Llm) -> Advice:
    """The second opinion; LlmFailure when the model fails, CommandFailedError when it answers nothing."""
    options = CallOptions(model=crew_input.model, max_tokens=MAX_ADVICE_TOKENS)
    text = await llm.complete(SYSTEM_PROMPT, build_user_prompt(crew_input.material), options)
    if not text.strip():
        raise CommandFailedError("the advisor's model answered nothing; try again, or set advisor.model")
    return read_advice(text)
