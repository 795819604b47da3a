"""The session's context files over the Files port: pin (`/add`, `/read-only`) and drop (`/drop`) them, and
read them for a turn (`read_context_files`, which the main loop and /context call).

A file is read through the Files port, so a file open in the editor is read from its buffer, and again at
every turn, so an edit shows at the next one. What a pinned file may be is checked when it is pinned, and
again at every turn: a file of the workspace (not a folder: a glob names a folder's files), readable as
text, not refused to file_read by a deny rule (the `secrets` rule set keeps `.env` and private keys out),
and within the pinned files' budget. A refusal names the file and the reason, and nothing is pinned.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from orkeon_engine.domain.context.context_files import (
    CONTEXT_FILES_KEY,
    MAX_CONTEXT_FILES,
    ContextFile,
    PinnedFile,
    file_tokens,
    fit_files,
    glob_matcher,
    glob_root,
    merge_pins,
    pinned_from_state,
    state_of,
)
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.permissions.decide import RETRY_HINT, Allow, Decision, Deny, GateContext, decide
from orkeon_engine.domain.tool_call import ToolCall
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.services.session_io import CurrentSession

Refusal = Callable[[str, tuple[str, ...]], str | None]
"""Why the gate's rules refuse file_read on a path (given with the paths the gate sees for it), or None."""
WORKSPACE = "/workspace"
GLOB_SKIP = frozenset({".git", "node_modules", ".venv", "__pycache__"})
GLOB_LIMIT = 5_000
GLOB_DEPTH = 12
FOLDER_HINT = "a folder: name its files, or a glob such as {path}/*.py"


@dataclass(frozen=True)
class Wanted:
    """A path as the person named it: `typed` for the messages, `path` the virtual path, or, when `glob`,
    the workspace-relative pattern."""

    typed: str
    path: str
    glob: bool = False


@dataclass(frozen=True)
class PinOutcome:
    """What a pin changed, what a glob skipped (path and reason), and every pinned file now."""

    changed: tuple[str, ...]
    skipped: tuple[tuple[str, str], ...]
    pinned: tuple[PinnedFile, ...]


def read_refusal(context: GateContext) -> Refusal:
    """The gate's rules on reading a file, as a Refusal: a deny (a rule set such as `secrets`, the person's
    own deny rules, a rule that cannot be read) refuses; what would ask is the person's own choice here."""
    return _refusal(context, lambda decision: isinstance(decision, Deny))


def quiet_read_refusal(context: GateContext) -> Refusal:
    """The gate's rules on reading a file the person did not pin (a file the request names, a line the turn
    searches): anything but an allow refuses, since what would ask the person is not read without asking."""
    return _refusal(context, lambda decision: not isinstance(decision, Allow))


def _refusal(context: GateContext, refuses: Callable[[Decision], bool]) -> Refusal:
    """A Refusal giving the gate's reason for a file_read decision on the path that `refuses`."""

    def refuse(path: str, paths: tuple[str, ...]) -> str | None:
        decision = decide(ToolCall("file_read", "read", {"path": path}, paths=paths), context)
        return decision.reason.removesuffix(f"; {RETRY_HINT}") if refuses(decision) else None

    return refuse


async def pinned_files(session: CurrentSession) -> list[PinnedFile]:
    """The pinned files, in the order they were pinned."""
    return pinned_from_state(await session.get_state(CONTEXT_FILES_KEY))


async def pin(session: CurrentSession, files: Files, wanted: Sequence[Wanted], read_only: bool, refusal: Refusal,
              budget: int) -> PinOutcome:
    """Pin the named files (read-only or editable); CommandFailedError naming the first file that cannot be
    pinned, or when the files would pass MAX_CONTEXT_FILES or the budget, and then nothing changes. A glob's
    match the rules refuse or that cannot be read is skipped and reported; a glob matching nothing fails."""
    found: dict[str, tuple[PinnedFile, str]] = {}
    skipped: list[tuple[str, str]] = []
    for item in wanted:
        if item.glob:
            for path in await _glob_files(files, item):
                problem, pinned_file, text = await check_and_read(files, path, read_only, refusal)
                if problem is not None:
                    skipped.append((path, problem))
                elif pinned_file is not None:
                    found.setdefault(pinned_file.path, (pinned_file, text))
            continue
        problem, pinned_file, text = await check_and_read(files, item.path, read_only, refusal)
        if problem is not None or pinned_file is None:
            raise CommandFailedError(f"cannot pin {item.typed}: {problem}; nothing was pinned")
        found.setdefault(pinned_file.path, (pinned_file, text))
    if not found:
        names = "; ".join(f"{path}: {reason}" for path, reason in skipped)
        raise CommandFailedError(f"nothing to pin: every file the pattern matched was refused ({names})")
    current = await pinned_files(session)
    merged, changed = merge_pins(current, [pinned for pinned, _ in found.values()])
    if len(merged) > MAX_CONTEXT_FILES:
        raise CommandFailedError(f"a session pins {MAX_CONTEXT_FILES} files at most ({len(current)} pinned, "
                                 f"{len(merged) - len(current)} more named); /drop some first; nothing was pinned")
    await _check_budget(files, merged, {path: text for path, (_, text) in found.items()}, budget)
    await session.set_state(CONTEXT_FILES_KEY, state_of(merged))
    return PinOutcome(tuple(changed), tuple(skipped), tuple(merged))


async def drop(session: CurrentSession, files: Files, wanted: Sequence[Wanted]) -> list[str]:
    """Unpin the named files (every one when `wanted` is empty); the paths unpinned. A name that is not
    pinned (a glob matching no pinned file) is a CommandFailedError listing what is, and nothing changes."""
    current = await pinned_files(session)
    if not wanted:
        await session.set_state(CONTEXT_FILES_KEY, None)
        return [pin.path for pin in current]
    gone: list[str] = []
    for item in wanted:
        if item.glob:
            matcher = glob_matcher(item.path)
            hits = [p.path for p in current if matcher.fullmatch(p.path.removeprefix(WORKSPACE + "/"))]
        else:
            hits = [p.path for p in current if p.path == item.path]
        if not hits:
            listed = ", ".join(p.path for p in current) or "none"
            raise CommandFailedError(f"{item.typed} is not pinned; pinned: {listed}")
        gone += [path for path in hits if path not in gone]
    await session.set_state(CONTEXT_FILES_KEY, state_of([p for p in current if p.path not in gone]))
    return gone


async def read_context_files(session: CurrentSession, files: Files | None, refusal: Refusal | None,
                             budget: int) -> list[ContextFile]:
    """Every pinned file as the turn reads it now: its text (from the editor's buffer when it is open), or
    why it is left out (no longer readable, refused by a rule, past the budget)."""
    pinned = await pinned_files(session)
    if not pinned or files is None:
        return [ContextFile(p.path, p.read_only, left_out="this engine has no file access") for p in pinned]
    read: list[ContextFile] = []
    for pinned_file in pinned:
        problem, _, text = await check_and_read(files, pinned_file.path, pinned_file.read_only, refusal)
        if problem is not None:
            read.append(ContextFile(pinned_file.path, pinned_file.read_only, left_out=problem))
        else:
            read.append(ContextFile(pinned_file.path, pinned_file.read_only, text,
                                    file_tokens(pinned_file.path, text)))
    return fit_files(read, budget)


async def check_and_read(files: Files, path: str, read_only: bool,
                         refusal: Refusal | None) -> tuple[str | None, PinnedFile | None, str]:
    """(why the file cannot be pinned or read, or None; the pin; its text): a file of the workspace, the
    rules read on its path and on the path a symlink leads to."""
    try:
        resolved = files.resolve(path)
        if not resolved.startswith(WORKSPACE + "/"):
            return f"{resolved} is not a file of the workspace (/workspace); only workspace files are pinned", None, ""
        real = files.real_path(resolved)
        if refusal is not None:
            refused = refusal(resolved, tuple(dict.fromkeys((resolved, real))))
            if refused is not None:
                return refused, None, ""
        text = await files.read_text(resolved)
    except FilesError as error:
        if error.reason == "a folder, not a file":
            return FOLDER_HINT.format(path=error.path.removeprefix(WORKSPACE + "/")), None, ""
        return error.reason, None, ""
    return None, PinnedFile(resolved, read_only, real if real != resolved else ""), text


async def _glob_files(files: Files, item: Wanted) -> list[str]:
    """The workspace files a glob matches, in listing order; CommandFailedError when none does."""
    root, depth = glob_root(item.path)
    folder = f"{WORKSPACE}/{root}" if root else WORKSPACE
    matcher = glob_matcher(item.path)
    try:
        entries = await files.list_dir(folder, depth or GLOB_DEPTH, GLOB_LIMIT, GLOB_SKIP)
    except FilesError as error:
        raise CommandFailedError(f"cannot expand {item.typed}: {error}") from None
    matches = [e.path for e in entries if not e.is_dir and matcher.fullmatch(e.path.removeprefix(WORKSPACE + "/"))]
    if not matches:
        raise CommandFailedError(f"{item.typed} matches no file of the workspace; nothing was pinned")
    return matches


async def _check_budget(files: Files, merged: Sequence[PinnedFile], new_texts: dict[str, str], budget: int) -> None:
    """CommandFailedError naming the first new file that would not fit in the budget, as a turn fits them."""
    read: list[ContextFile] = []
    for pinned_file in merged:
        text = new_texts.get(pinned_file.path)
        if text is None:
            try:
                text = await files.read_text(pinned_file.path)
            except FilesError:
                continue
        read.append(ContextFile(pinned_file.path, pinned_file.read_only, text, file_tokens(pinned_file.path, text)))
    for item in fit_files(read, budget):
        if item.left_out and item.path in new_texts:
            raise CommandFailedError(f"{item.path} would not fit: {item.left_out}; nothing was pinned")
