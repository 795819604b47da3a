"""run_git_commit: the commit crew's use case, from the path list to the commit (and the push).

Everything that can stop a commit without a model runs first: the list, git's identity, the paths that
usually hold secrets, the added lines that look like credentials. Only then is the message drafted, from
what will be committed and nothing else; the person confirms it (or edits it), and the list is staged with
`git add -- <files>` and committed with `git commit --only -- <files>`, so other staged work stays staged.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, replace

from orkeon_engine.crews.git_commit import render
from orkeon_engine.crews.git_commit.added_lines import added_lines, file_lines
from orkeon_engine.crews.git_commit.change_kind import allowed_types
from orkeon_engine.crews.git_commit.message import COMMIT_TYPES, draft_model, message_problems, render_message
from orkeon_engine.crews.git_commit.paths import LOCAL_FOLDER, Selection, select_paths
from orkeon_engine.crews.git_commit.prompt import SYSTEM_PROMPT, CommitMaterial, build_user_prompt
from orkeon_engine.crews.git_commit.secrets import find_credentials, secret_path_reason
from orkeon_engine.domain.dev.work_folder import DEFAULT_WORK_FOLDER
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.git.git import FileStart
from orkeon_engine.domain.git.pull_requests import PullRequestDraft
from orkeon_engine.ports.files import Files
from orkeon_engine.ports.git import Git, GitError
from orkeon_engine.ports.human_input import HumanInput
from orkeon_engine.ports.progress import Progress
from orkeon_engine.services.llm import Llm
from orkeon_engine.services.pull_requests import (
    NO_API_CLIENT,
    PullRequestPorts,
    open_pull_request,
    pull_request_by_hand,
)

SCAN_BYTES = 512 * 1024
"""How much of each new file the credential scan reads (the prompt shows far less of it)."""
RECENT_COMMITS = 15


@dataclass(frozen=True)
class CommitRequest:
    """What the person asked: the paths named (repository paths), and the options."""

    paths: tuple[str, ...] = ()
    work_folder: str = DEFAULT_WORK_FOLDER
    """The dev pipeline's work folder (repository-relative), left out like Orkeon's local state unless a path
    inside it is named."""
    push: bool = False
    pull_request: bool = False
    assume_yes: bool = False


def _as_written(path: str) -> str:
    return path


@dataclass(frozen=True)
class CommitCrewDeps:
    """The ports the crew works through; `files` is the VFS that holds /output (None: no output folder),
    `show_path` turns a virtual path into the file the person can open (the command's paths helper), and
    `pull_requests` opens the pull request --pr asks for (services/pull_requests.py)."""

    git: Git
    llm: Llm
    human: HumanInput
    progress: Progress
    files: Files | None = None
    show_path: Callable[[str], str] = _as_written
    pull_requests: PullRequestPorts | None = None
    """What opens the pull request on GitHub (None: --pr names the gh command instead)."""


@dataclass(frozen=True)
class CommitOutcome:
    """What happened: the commit id (None when the person cancelled), and the lines to show."""

    commit_id: str | None
    message: str
    files: tuple[str, ...]
    branch: str | None
    summary: str
    lines: tuple[str, ...] = ()
    pushed: bool = False
    pr_file: str | None = None
    gh_command: str | None = None
    pr_url: str | None = None
    notes: tuple[str, ...] = ()


async def run_git_commit(request: CommitRequest, deps: CommitCrewDeps) -> CommitOutcome:
    """Commit the list after the checks and the confirmation; a refusal is a CommandFailedError (or a
    NotConfiguredError for a missing identity) whose message says what to do."""
    git = deps.git
    deps.progress.begin("commit", "reading the changes")
    try:
        selection = select_paths(await git.status(), request.paths, (LOCAL_FOLDER, request.work_folder))
        notes = [f"no change under {path}" for path in selection.unmatched]
        if not selection.entries:
            raise CommandFailedError(_nothing_to_commit(request, selection))
        if await git.identity() is None:
            raise NotConfiguredError(render.identity_missing())
        secret_paths = [(e.path, reason) for e in selection.entries if not e.deleted
                        for reason in [secret_path_reason(e.path)] if reason]
        if secret_paths:
            raise CommandFailedError(render.secret_paths_refusal(secret_paths))
        diff = await git.diff_to_commit(selection.tracked_files)
        new_files = [await git.file_start(path, SCAN_BYTES) for path in selection.new_files]
        _refuse_credentials(diff, new_files)
        branch = await git.current_branch()
        material = CommitMaterial(entries=selection.entries, diff=diff, new_files=tuple(new_files),
                                  recent_subjects=tuple(await git.recent_subjects(RECENT_COMMITS)), branch=branch)
        deps.progress.report("drafting the message")
        types = allowed_types(selection.entries, diff, [start.text for start in new_files], COMMIT_TYPES)
        draft = await deps.llm.extract(SYSTEM_PROMPT, build_user_prompt(material), draft_model(types))
        message = render_message(draft)
        problems = message_problems(message)
        if problems:
            raise CommandFailedError("the drafted message does not pass the checks: " + "; ".join(problems))
        if not request.assume_yes:
            confirmed = await _confirm(deps.human, selection, message, branch)
            if confirmed is None:
                return CommitOutcome(None, message, selection.files, branch,
                                     "cancelled: nothing was staged or committed", notes=tuple(notes))
            message = confirmed
        deps.progress.report("committing")
        await git.add(selection.to_stage)
        commit_id = await git.commit_only(message, selection.files)
        outcome = CommitOutcome(commit_id, message, selection.files, branch,
                                _committed(commit_id, branch, selection), notes=tuple(notes))
        if request.push or request.pull_request:
            outcome = await _push(request, deps, outcome)
        return outcome
    except GitError as error:
        raise CommandFailedError(str(error)) from None
    finally:
        deps.progress.end()


def _nothing_to_commit(request: CommitRequest, selection: Selection) -> str:
    where = f" under {', '.join(p or '.' for p in request.paths)}" if request.paths else ""
    note = render.left_out_note(selection)
    return f"nothing to commit{where}: git status lists no change" + (f" ({note})" if note else "")


def _refuse_credentials(diff: str, new_files: list[FileStart]) -> None:
    lines = itertools.chain(added_lines(diff),
                            *(file_lines(start.path, start.text) for start in new_files if not start.binary))
    hits = find_credentials(lines)
    if hits:
        raise CommandFailedError(render.credentials_refusal(hits))


async def _confirm(human: HumanInput, selection: Selection, message: str, branch: str | None) -> str | None:
    """The message to commit, or None when the person cancels (or nobody answers)."""
    choice = await human.choose(render.confirmation(selection, message, branch), render.CHOICES)
    if choice == render.COMMIT:
        return message
    if choice == render.EDIT:
        edited = await human.ask_text("Commit message", default=message)
        return edited if edited is not None and edited.strip() else None
    return None


def _committed(commit_id: str, branch: str | None, selection: Selection) -> str:
    count = len(selection.entries)
    where = f" on {branch}" if branch else " (detached HEAD)"
    return f"committed {commit_id}{where}: {count} {'file' if count == 1 else 'files'}"


async def _push(request: CommitRequest, deps: CommitCrewDeps, outcome: CommitOutcome) -> CommitOutcome:
    branch = outcome.branch
    if branch is None:
        raise CommandFailedError(f"committed {outcome.commit_id}, but not pushed: HEAD is detached, there is no "
                                 "branch to push")
    deps.progress.report(f"pushing {branch}")
    try:
        report = await deps.git.push(branch)
    except GitError as error:
        raise CommandFailedError(f"committed {outcome.commit_id} on {branch}, but the push failed: {error}") from None
    lines = [f"git push -u origin {branch}", *(f"  {line}" for line in report.splitlines() if line.strip())]
    pushed = replace(outcome, pushed=True, lines=tuple(lines), summary=outcome.summary + f"; pushed to origin/{branch}")
    default = await deps.git.default_branch()
    if default is None:
        return replace(pushed, notes=(*pushed.notes, "no pull request body: the default branch is not known"))
    if branch == default:
        return pushed
    return await _pull_request(request, deps, pushed, base=default)


async def _pull_request(request: CommitRequest, deps: CommitCrewDeps, outcome: CommitOutcome,
                        base: str) -> CommitOutcome:
    """The pull request of the pushed branch: opened through the GitHub API when --pr asks for it, else (or
    when it cannot be) its body written and the `gh pr create` command named with the reason."""
    draft = PullRequestDraft(outcome.message.strip().splitlines()[0],
                             render.pr_body(outcome.message, outcome.commit_id or "", outcome.files),
                             base, outcome.branch or "")
    if not request.pull_request:
        deps.progress.report("writing the pull request body")
        pull = await pull_request_by_hand(draft, deps.files, render.PR_NOT_ASKED)
    elif deps.pull_requests is None:
        pull = await pull_request_by_hand(draft, deps.files, NO_API_CLIENT)
    else:
        deps.progress.report("opening the pull request")
        pull = await open_pull_request(draft, deps.pull_requests)
    body = [f"pull request body: {deps.show_path(pull.body_file)}"] if pull.body_file else []
    summary = outcome.summary + (f"; pull request {pull.url}" if pull.url else "")
    return replace(outcome, pr_file=pull.body_file, gh_command=None if pull.opened else pull.gh_command,
                   pr_url=pull.url, summary=summary, lines=(*outcome.lines, *body, *pull.lines()))
