"""/branch: list the local branches (the current one marked), create one, or switch to one on a clean tree."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands.git.repository import require_git
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.git.git import branch_name_problem
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.ports.git import Git, GitError

ACTIONS = ("list", "create", "switch")
ARGS = ArgSpec(positionals=(
    Positional("action", "list (the default), create or switch", choices=ACTIONS),
    Positional("name", "the branch to create or switch to"),
))
MAX_DIRTY_SHOWN = 20


async def run_branch(args: ParsedArgs, deps: Deps) -> CommandView:
    git = require_git(deps)
    action = args.word(0, "list") or "list"
    name = args.word(1)
    if action not in ACTIONS:
        raise ArgumentError(f"unknown action {action!r}; actions: {', '.join(ACTIONS)}", ARGS.usage("branch"))
    try:
        if action == "list":
            if name is not None:
                raise ArgumentError("list takes no name", ARGS.usage("branch"))
            return await _list(git)
        if name is None:
            raise ArgumentError(f"{action} needs a branch name", ARGS.usage("branch"))
        if action == "create":
            return await _create(git, name)
        return await _switch(git, name)
    except GitError as error:
        raise CommandFailedError(str(error)) from None


async def _list(git: Git) -> CommandView:
    names = await git.branches()
    current = await git.current_branch()
    if not names:
        where = f"on {current}, which has no commit yet" if current else "no branch"
        return CommandView(message=f"no branches yet ({where})")
    lines = tuple(f"{'*' if branch == current else ' '} {branch}" for branch in names)
    where = f"on {current}" if current else "detached HEAD"
    count = len(names)
    return CommandView(lines=lines, message=f"{count} {'branch' if count == 1 else 'branches'}, {where}",
                       data={"branches": names, "current": current})


async def _create(git: Git, name: str) -> CommandView:
    problem = branch_name_problem(name)
    if problem:
        raise CommandFailedError(f"cannot create the branch {name!r}: {problem}")
    if name in await git.branches():
        raise CommandFailedError(f"the branch {name} already exists: /branch switch {name} to work on it")
    await git.create_branch(name)
    current = await git.current_branch()
    still = f" (still on {current}: /branch switch {name} to work on it)" if current else ""
    return CommandView(message=f"created the branch {name} at HEAD{still}")


async def _switch(git: Git, name: str) -> CommandView:
    names = await git.branches()
    if name not in names:
        known = ", ".join(names) or "none"
        raise CommandFailedError(f"no local branch is named {name!r}; branches: {known} (/branch create {name})")
    if await git.current_branch() == name:
        return CommandView(message=f"already on {name}")
    dirty = await git.dirty_files()
    if dirty:
        shown = ", ".join(dirty[:MAX_DIRTY_SHOWN])
        more = f" and {len(dirty) - MAX_DIRTY_SHOWN} more" if len(dirty) > MAX_DIRTY_SHOWN else ""
        raise CommandFailedError(
            f"not switching to {name}: the working tree has uncommitted changes in {shown}{more}. "
            "Commit them (/commit) or stash them (git stash) first.")
    await git.switch(name)
    return CommandView(message=f"switched to {name}")
