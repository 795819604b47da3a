"""/diff: the unstaged changes of the repository (or the staged ones), as the view's lines and a document."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands.git.repository import repo_paths, require_git
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ArgSpec, Flag, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView, Document
from orkeon_engine.ports.git import GitError

ARGS = ArgSpec(
    flags=(Flag("staged", "the staged changes (the index against HEAD) instead of the unstaged ones"),),
    positionals=(Positional("paths", "limit the diff to these files or folders", many=True),),
)


async def run_diff(args: ParsedArgs, deps: Deps) -> CommandView:
    git = require_git(deps)
    staged = args.has("staged")
    paths = repo_paths(deps, args.words)
    try:
        diff = await git.diff([p or "." for p in paths], staged=staged)
        untracked = [] if staged else [e.path for e in await git.status() if e.untracked]
    except GitError as error:
        raise CommandFailedError(str(error)) from None
    scope = f" under {', '.join(args.words)}" if args.words else ""
    if not diff.strip():
        what = "nothing is staged" if staged else "no unstaged changes"
        return CommandView(message=f"{what}{scope}" + _untracked_note(untracked))
    command = "git diff" + (" --staged" if staged else "") + (f" -- {' '.join(args.words)}" if args.words else "")
    files, added, removed = _summary(diff)
    message = f"{files} {'file' if files == 1 else 'files'} changed{scope}, +{added} -{removed}"
    return CommandView(
        lines=tuple(diff.rstrip("\n").splitlines()),
        message=message + _untracked_note(untracked),
        document=Document(title=command, content=f"```diff\n{diff.rstrip()}\n```\n"),
        data={"staged": staged, "files": files, "added": added, "removed": removed},
    )


def _summary(diff: str) -> tuple[int, int, int]:
    """Files, added and removed lines; the `---`/`+++` header lines before a file's first hunk do not count."""
    files = added = removed = 0
    in_hunk = False
    for line in diff.splitlines():
        if line.startswith("diff --git "):
            files, in_hunk = files + 1, False
        elif line.startswith("@@ "):
            in_hunk = True
        elif in_hunk and line.startswith("+"):
            added += 1
        elif in_hunk and line.startswith("-"):
            removed += 1
    return files, added, removed


def _untracked_note(untracked: list[str]) -> str:
    if not untracked:
        return ""
    count = len(untracked)
    return f" ({count} untracked {'file is' if count == 1 else 'files are'} not shown)"
