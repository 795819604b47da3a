"""/commit: launch the commit crew on the changes of the repository (or those under the paths named)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.paths import shown
from orkeon_engine.commands.git.repository import repo_paths, require_git
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.permissions.policy import policy_for
from orkeon_engine.domain.ui.args import ArgSpec, Flag, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.services.permission_mode import resolve_mode
from orkeon_engine.services.work_folder import work_folder_setting

if TYPE_CHECKING:
    from orkeon_engine.crews.git_commit.run import CommitOutcome

ARGS = ArgSpec(
    flags=(
        Flag("push", "push the branch afterwards: git push -u origin <branch>"),
        Flag("pr", "open the pull request too (implies --push), through the GitHub API with GITHUB_TOKEN or "
                   "GH_TOKEN; without one, its body and the gh pr create command, with the reason"),
        Flag("yes", "commit the drafted message without asking", short="y"),
    ),
    positionals=(Positional("paths", "commit only the changes under these files or folders", many=True),),
)

NOBODY_TO_CONFIRM = ("/commit shows the drafted message for you to confirm, and there is no terminal to ask on: "
                     "run it in a terminal, or add --yes to commit the drafted message without confirming")


async def run_commit(args: ParsedArgs, deps: Deps) -> CommandView:
    # The crew (its pydantic message model) is imported on the first /commit, not at the engine's start.
    from orkeon_engine.crews.git_commit.run import CommitCrewDeps, CommitRequest, run_git_commit

    git = require_git(deps)
    await _refuse_in_a_read_only_mode(deps)
    if not args.has("yes") and not deps.can_ask:
        raise CommandFailedError(NOBODY_TO_CONFIRM)
    request = CommitRequest(
        paths=tuple(repo_paths(deps, args.words)),
        work_folder=repo_paths(deps, [await work_folder_setting(deps.config)])[0],
        push=args.has("push"),
        pull_request=args.has("pr"),
        assume_yes=args.has("yes"),
    )
    crew = CommitCrewDeps(git=git, llm=deps.require_llm(), human=deps.human, progress=deps.progress,
                          files=deps.files, show_path=partial(shown, deps), pull_requests=deps.pull_request_ports())
    return _view(await run_git_commit(request, crew))


async def _refuse_in_a_read_only_mode(deps: Deps) -> None:
    """The mode's row of MODE_POLICIES decides; a name that is no mode fails closed."""
    choice = await resolve_mode(deps.session, deps.config)
    mode = choice.known
    if mode is None:
        raise CommandFailedError(f"/commit is refused: the permission mode {choice.describe()} is not a known mode "
                                 "(/mode default sets one)")
    if policy_for(mode).read_only:
        raise CommandFailedError(f"/commit is refused in the {mode} mode, which is read-only "
                                 f"({choice.describe()}); /mode default allows it")


def _view(outcome: CommitOutcome) -> CommandView:
    data = {"commit": outcome.commit_id, "files": list(outcome.files), "branch": outcome.branch,
            "pushed": outcome.pushed, "prFile": outcome.pr_file, "ghCommand": outcome.gh_command,
            "prUrl": outcome.pr_url}
    if outcome.commit_id is None:
        return CommandView(lines=outcome.notes, message=outcome.summary, data=data)
    lines = (*outcome.message.strip("\n").splitlines(), "", *(f"  {path}" for path in outcome.files),
             *outcome.lines, *outcome.notes)
    return CommandView(lines=lines, message=outcome.summary, data=data)
