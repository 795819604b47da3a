"""run_dev_spec: a new spec. The repository pack is built once, one extract drafts the spec, code checks its
words and sends it back once when it speaks code, then code writes spec.md and the shared part of the step
follows: the review in the background, the questions one at a time, the review recorded
(services/dev_work.py)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from orkeon_engine.crews.dev_spec.answer import SpecAnswer, to_spec
from orkeon_engine.crews.dev_spec.prompt_catalogue import every_prompt
from orkeon_engine.crews.dev_spec.prompts import SPEC_SYSTEM, build_send_back, build_spec_user
from orkeon_engine.domain.dev.pack import render_pack
from orkeon_engine.domain.dev.spec import Spec
from orkeon_engine.domain.dev.wording import Leak, find_leaks, spec_texts
from orkeon_engine.domain.dev.work_folder import WorkPlace
from orkeon_engine.domain.model.rendered_prompt import RenderedPrompt
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.dev_work import StepOutcome, carry_on
from orkeon_engine.services.repository_pack import build_repository_pack
from orkeon_engine.services.work_folder import WorkFolder


@dataclass(frozen=True)
class SpecRequest:
    """A new spec: its place, and what the feature is for in the person's words."""

    place: WorkPlace
    purpose: str


async def run_dev_spec(request: SpecRequest, step: DevStep, folder: WorkFolder) -> StepOutcome:
    """Draft, check and write the spec, then ask its questions and record its review."""
    await step.llm.require_model()
    step.report("reading the repository")
    pack = await build_repository_pack(step.ports.files, step.ports.index)
    user = build_spec_user(request.place.code, request.purpose, render_pack(pack))
    step.report("drafting the spec")
    spec, leaks = await _draft(step, request.place.code, user)
    outcome = await carry_on(step, folder, request.place, spec, pack.files)
    notes = tuple(f"still in words of code after one send-back: {leak.describe()}" for leak in leaks)
    return dataclasses.replace(outcome, notes=notes)


async def _draft(step: DevStep, code: str, user: str) -> tuple[Spec, list[Leak]]:
    """The spec and the words of code it still holds: sent back once when it holds any."""
    answer = await step.llm.extract(SPEC_SYSTEM, user, SpecAnswer)
    spec = to_spec(answer, code)
    leaks = find_leaks(spec_texts(spec))
    if not leaks:
        return spec, []
    step.report(f"sending the spec back once: {len(leaks)} words of code")
    answer = await step.llm.extract(SPEC_SYSTEM, build_send_back(user, answer.model_dump_json(), leaks), SpecAnswer)
    spec = to_spec(answer, code)
    return spec, find_leaks(spec_texts(spec))


def render_every_prompt() -> list[RenderedPrompt]:
    """Every prompt of this crew over sample inputs, as the model reads them (`orkeon prompts render`)."""
    return every_prompt()
