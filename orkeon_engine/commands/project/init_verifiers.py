"""/init-verifiers: find the project's zones and their test tooling, classify their readiness, and write
a verification playbook (.orkeon/verifiers/<zone>.md) for every zone without one."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.ui.view import CommandView, table

ARGS = ArgSpec()


async def run_init_verifiers(args: ParsedArgs, deps: Deps) -> CommandView:
    if deps.files is None:
        raise NotConfiguredError("/init-verifiers needs the workspace's files, which this engine was built "
                                 "without")
    from orkeon_engine.crews.init_verifiers import run as verifiers_crew  # it loads pydantic: not at start-up

    outcomes = await verifiers_crew.run_init_verifiers(
        verifiers_crew.VerifiersDeps(deps.files, deps.require_llm(), deps.progress))
    if not outcomes:
        return CommandView(message="no zone found: no folder holds a pyproject.toml, setup.py, package.json, "
                                   "go.mod, Cargo.toml, pom.xml or build.gradle, so there is no test tooling "
                                   "to verify with.")
    rows = []
    for outcome in outcomes:
        ready = outcome.readiness
        rows.append([
            outcome.zone.label,
            ", ".join(outcome.zone.tools) or "none",
            (ready.tests if ready else "") or "unknown",
            (ready.lint if ready else "") or "unknown",
            (ready.build if ready else "") or "unknown",
            f"{outcome.playbook} ({outcome.status})",
        ])
    written = sum(1 for o in outcomes if o.status == "written")
    kept = sum(1 for o in outcomes if o.status == "existing")
    gaps = [f"{o.playbook}: {', '.join(o.missing)} not stated" for o in outcomes if o.missing]
    message = f"{written} playbook{'s' if written != 1 else ''} written, {kept} already there."
    if gaps:
        message += " Left as not stated (check by hand): " + "; ".join(gaps) + "."
    return CommandView(table=table(["zone", "tooling", "tests", "lint", "build", "playbook"], rows),
                       message=message, data={"written": written, "existing": kept})
