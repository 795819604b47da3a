"""/skills: attach and detach playbook files for this session, listed with their size; the assistant reads
each attached playbook every turn, capped and marked when cut."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.extensions.skills import SKILL_CAP_CHARS, AttachedSkill
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, Flag, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView, table
from orkeon_engine.ports.files import Files
from orkeon_engine.services.skills import attach, attached_skills, detach

ARGS = ArgSpec(
    positionals=(
        Positional("action", "list (the default), attach or detach", choices=("list", "attach", "detach")),
        Positional("path", "playbook files, as virtual paths (relative ones are under /workspace)", many=True),
    ),
    flags=(Flag("all", "with detach: detach every playbook"),),
)
USAGE = "/skills [list | attach <path>... | detach <path>... | detach --all]"


async def run_skills(args: ParsedArgs, deps: Deps) -> CommandView:
    files = _files(deps)
    action = args.word(0) or "list"
    paths = args.rest(1)
    if action == "list":
        if paths:
            raise ArgumentError("list takes no path", USAGE)
        return _listing(await attached_skills(deps.session, files))
    if action == "attach":
        if not paths:
            raise ArgumentError("attach needs at least one <path>", USAGE)
        added = await attach(deps.session, files, paths)
        view = _listing(await attached_skills(deps.session, files))
        names = ", ".join(skill.path for skill in added) or "nothing new (already attached)"
        return CommandView(table=view.table, message=f"attached {names}. {view.message}")
    if action == "detach":
        if not paths and not args.has("all"):
            raise ArgumentError("detach needs a <path> or --all", USAGE)
        removed = await detach(deps.session, files, () if args.has("all") else paths)
        view = _listing(await attached_skills(deps.session, files))
        names = ", ".join(removed) or "nothing (none was attached)"
        return CommandView(table=view.table, message=f"detached {names}. {view.message}")
    raise ArgumentError(f"unknown action {action!r}; accepted: list, attach, detach", USAGE)


def _listing(skills: list[AttachedSkill]) -> CommandView:
    if not skills:
        return CommandView(message="No skill is attached. `/skills attach <path>` attaches a playbook file.")
    rows = [[skill.path, _size(skill), _state(skill)] for skill in skills]
    return CommandView(
        table=table(["playbook", "size", "the assistant reads"], rows),
        message=f"{len(skills)} attached; each is cut at {SKILL_CAP_CHARS:,} characters.",
        data={"skills": [{"path": s.path, "size": s.size, "cut": s.cut, "error": s.error} for s in skills]},
    )


def _size(skill: AttachedSkill) -> str:
    return "-" if skill.error else f"{skill.size:,} chars"


def _state(skill: AttachedSkill) -> str:
    if skill.error:
        return f"nothing: {skill.error}"
    return f"at most {SKILL_CAP_CHARS:,} characters (cut)" if skill.cut else "all of it"


def _files(deps: Deps) -> Files:
    if deps.files is None:
        raise NotConfiguredError("this engine has no file access (no VFS), so no playbook can be attached")
    return deps.files
