"""/dev-learn: the recurring gaps of the verdicts turned into proposals, one axis at a time (PROPOSALS.md
under the work folder, written by code; the rows kept marked treated); `--list` shows the untreated rows by
axis and the refused proposals, and asks the model nothing."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands.dev.step import step_ports
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.ui.args import ArgSpec, Flag, ParsedArgs
from orkeon_engine.domain.ui.view import CommandView, Document

USAGE = "/dev-learn [--list]"
ARGS = ArgSpec(flags=(Flag("list", "show the untreated verdict rows by axis and the refused proposals, without "
                               "asking the model"),))


async def run_dev_learn(args: ParsedArgs, deps: Deps) -> CommandView:
    # The crew (its pydantic answer) loads on the first /dev-learn, not at the engine's start.
    from orkeon_engine.crews.dev_learn.run import read_material
    from orkeon_engine.crews.dev_learn.run import run_dev_learn as learn
    from orkeon_engine.domain.dev.pack import project_paths
    from orkeon_engine.domain.dev.proposals import render_proposals
    from orkeon_engine.services.dev_step import DevStep
    from orkeon_engine.services.project_files import list_project_files
    from orkeon_engine.services.work_folder import WorkFolder

    if deps.files is None:
        raise NotConfiguredError("this engine has no files to read the verdicts from")
    folder = await WorkFolder.open(deps.config, deps.files)
    material = await read_material(deps.files, folder)
    counts = [f"{axis}: {len(rows)} untreated row{'s' if len(rows) != 1 else ''}"
              for axis, rows in material.rows.items()]
    if args.has("list"):
        lines = [*counts, *(f"  {row.id} · {row.severity} · {row.cites} · {row.text}"
                            for rows in material.rows.values() for row in rows),
                 *(f"refused: {p.id} · {p.axis} · {p.owner}: {p.line}" for p in material.book.refused)]
        total = sum(len(rows) for rows in material.rows.values())
        return CommandView(lines=(*lines, *material.notes), message=f"/dev-learn --list: {total} untreated rows")
    ports = step_ports(deps)
    outcome = await learn(DevStep(ports), folder, material, project_paths(await list_project_files(ports.files)))
    lines = [*counts, *(f"{p.id} · {p.axis} · {p.kind} in {p.owner}: {p.line}" for p in outcome.added),
             *(f"skipped: {item}" for item in outcome.book.skipped),
             *(f"dropped: {item}" for item in outcome.book.dropped), *material.notes]
    added = len(outcome.added)
    message = (f"/dev-learn: {added} proposal{'s' if added != 1 else ''} → {material.file}; "
               f"{len(outcome.treated)} rows marked treated")
    return CommandView(lines=tuple(lines), message=message,
                       document=Document("proposals", render_proposals(outcome.book)))
