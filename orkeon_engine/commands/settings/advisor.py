"""/advisor [focus]: a second opinion on the assistant's last answer from the `advisor.model` model (the
session's model when it is unset), with no tools; the problems come worst first, or "Nothing to add.".
The advice is kept in the conversation as advice, so the assistant can be asked to act on it."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.crews.advisor.run import ADVICE_KIND, AdvisorInput, pick_material
from orkeon_engine.crews.advisor.run import run_advisor as second_opinion
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.model.chat import CallOptions
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView, Document

ARGS = ArgSpec(positionals=(Positional("focus", "what the second opinion should look at above all", many=True),))


async def run_advisor(args: ParsedArgs, deps: Deps) -> CommandView:
    material = pick_material(await deps.session.entries(), " ".join(args.rest()))
    if material is None:
        raise CommandFailedError("no answer to judge yet: /advisor gives a second opinion on the assistant's last "
                                 "answer in this session")
    llm = deps.require_llm()
    wanted = await deps.config.get("advisor.model", None)
    model = await llm.require_model(CallOptions(model=wanted))  # no model: NotConfiguredError before any work
    advice = await second_opinion(AdvisorInput(material, wanted), llm)
    await deps.session.append(BufferEntry("assistant", advice.text, kind=ADVICE_KIND))
    source = "" if wanted else " (advisor.model is unset, so the session's own model answered)"
    return CommandView(
        lines=tuple(advice.text.splitlines()),
        document=Document("Second opinion", advice.text + "\n"),
        message=f"second opinion from {model}{source}.",
        data={"model": model, "nothingToAdd": advice.nothing_to_add},
    )
