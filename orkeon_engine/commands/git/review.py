"""/review: review the staged changes (or the working tree, or everything since a revision) through the lenses.

The findings that stand replace the last review's in state.db, so the editor shows them as diagnostics.
The view lists them as `path:line: severity [lens] title` (sorted by path and line) with a closing line of
counts, dropped proposals (how many and why; `--verbose` lists each with its path, line, lens, title and
reason), tokens and cost, and the ranked table as its document; `--format json` and
`--format sarif` print a report instead (a finding on a file code proved behaviour-neutral is capped at
low, and says so: services/neutral_changes.py); `--fail-on SEVERITY` makes `orkeon review` exit 1 when a finding at
or above it stands. A review where no lens gave a valid answer failed: it stores nothing, says so in every
format (SARIF's invocation is not successful) and exits 3. The lenses run `review.concurrency` at a time,
the whole review within `review.deadline` seconds. `--clear` forgets the stored findings; `--dismiss ID`
dismisses one, and its quote is not raised again by that lens.
"""

from __future__ import annotations

import json
import posixpath
from typing import TYPE_CHECKING

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands.git.passes import MAX_PASSES, parse_passes
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.git.diff import Diff, parse_diff
from orkeon_engine.domain.review.findings import LENSES, SEVERITIES, Severity, parse_severity
from orkeon_engine.domain.review.review_report import (
    ReviewResult,
    closing_line,
    dropped_lines,
    json_report,
    location_lines,
    ranked_markdown,
)
from orkeon_engine.domain.review.sarif import sarif_log
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, Flag, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView, Document
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from orkeon_engine.ports.review_source import DiffRequest, DiffScope
from orkeon_engine.services.context_window import resolve_context_window
from orkeon_engine.services.findings_board import FindingsBoard

if TYPE_CHECKING:
    from orkeon_engine.domain.review.review_context import UsedDefinition

FORMATS = ("text", "json", "sarif")
SCOPE_FLAGS: tuple[Flag, ...] = (
    Flag("passes", f"rounds for this run, 1 to {MAX_PASSES} (/passes sets the session's default)", value="N"),
    Flag("base", "review everything since this revision, committed or not", value="REV"),
    Flag("working", "review the working tree (staged, unstaged and untracked) instead of the staged changes"),
    Flag("format", "text (default) | json | sarif", value="FORMAT", choices=FORMATS),
    Flag("fail-on", "exit 1 when a finding at or above this severity stands: " + " | ".join(SEVERITIES),
         value="SEVERITY", choices=SEVERITIES),
    Flag("verbose", "list every dropped proposal (path, line, lens, title) and why it did not stand"),
    Flag("clear", "forget the stored findings and their diagnostics; nothing is reviewed"),
    Flag("dismiss", "dismiss one finding by its id; that lens does not raise its quote again", value="ID"),
)
PATHS = Positional("paths", "review only these paths", many=True)
ARGS = ArgSpec(
    positionals=(PATHS,),
    flags=(Flag("lens", "review through this lens only (repeatable): " + " | ".join(LENSES), value="LENS",
                repeatable=True, choices=LENSES), *SCOPE_FLAGS),
)


async def run_review(args: ParsedArgs, deps: Deps) -> CommandView:
    return await review(args, deps, "review", ARGS, _lenses(args))


async def review(args: ParsedArgs, deps: Deps, command: str, spec: ArgSpec, lenses: tuple[str, ...]) -> CommandView:
    """The review use case behind /review and /security-review."""
    board = _board(deps)
    if args.has("dismiss"):
        return await _dismiss(board, args.value("dismiss") or "")
    if args.has("clear"):
        count = await board.clear()
        return CommandView(message=f"cleared {count} finding{'' if count == 1 else 's'} of the last review")
    output = _format(args, command, spec)
    threshold = _threshold(args, command, spec)
    passes = await _passes(args, deps)
    request = _diff_request(args, command, spec, deps.workspace)
    if deps.review_source is None:
        raise NotConfiguredError("this engine has no repository reader wired, so there is nothing to review")
    diff = parse_diff(await deps.review_source.diff(request))
    if not any(file.reviewable for file in diff.files):
        return CommandView(message=_nothing_to_review(request))
    from orkeon_engine.crews.code_review.run import (  # pydantic: not at start-up
        DEFAULT_DEADLINE_SECONDS,
        ReviewRequest,
        diff_budget,
        run_code_review,
    )
    from orkeon_engine.services.neutral_changes import neutral_changes

    changes = await neutral_changes(diff, request, deps.review_source)
    used = await _used(diff, request, deps)
    concurrency = int(await deps.config.get("review.concurrency", 3))
    deadline = float(await deps.config.get("review.deadline", DEFAULT_DEADLINE_SECONDS))
    window = await resolve_context_window(deps.config, deps.context_window)  # a lens's diff fits the window
    result = await run_code_review(
        ReviewRequest(diff, request.describe(), lenses, passes, await board.dismissed(), concurrency=concurrency,
                      deadline=deadline, changes=changes, budget_chars=diff_budget(window.window), used=used),
        deps.require_llm(),
        deps.progress,
    )
    if not result.failed:  # a review that did not run keeps the last one's findings
        await board.publish(result.findings)
    return _view(result, output, threshold, deps.version, args.has("verbose"))


async def _used(diff: Diff, request: DiffRequest, deps: Deps) -> tuple[UsedDefinition, ...]:
    """The definitions the changed lines use (`review.definitions`); none without a code index to parse them."""
    if deps.code_index is None or deps.review_source is None or not await deps.config.get("review.definitions", True):
        return ()
    from orkeon_engine.services.review_context import used_definitions

    return await used_definitions(diff, request, deps.review_source, deps.code_index)


def _board(deps: Deps) -> FindingsBoard:
    if deps.findings is None:
        raise NotConfiguredError("this engine has no findings store wired")
    return deps.findings


async def _dismiss(board: FindingsBoard, finding_id: str) -> CommandView:
    finding = await board.dismiss(finding_id)
    if finding is None:
        raise CommandFailedError(f"no finding of the last review has the id {finding_id!r}")
    return CommandView(message=f"dismissed {finding.path}:{finding.line} [{finding.lens}] {finding.title}; "
                               "the next review will not raise it again")


def _lenses(args: ParsedArgs) -> tuple[str, ...]:
    chosen = [name.strip().lower() for name in args.values("lens")]
    unknown = [name for name in chosen if name not in LENSES]
    if unknown:
        raise ArgumentError(f"unknown lens {unknown[0]!r}; lenses: {', '.join(LENSES)}", ARGS.usage("review"))
    return tuple(dict.fromkeys(chosen)) or LENSES


def _format(args: ParsedArgs, command: str, spec: ArgSpec) -> str:
    output = (args.value("format") or "text").strip().lower()
    if output not in FORMATS:
        raise ArgumentError(f"unknown format {output!r}; formats: {', '.join(FORMATS)}", spec.usage(command))
    return output


def _threshold(args: ParsedArgs, command: str, spec: ArgSpec) -> Severity | None:
    text = args.value("fail-on")
    if text is None:
        return None
    severity = parse_severity(text)
    if severity is None:
        raise ArgumentError(f"--fail-on {text!r} is not a severity; severities: {', '.join(SEVERITIES)}",
                            spec.usage(command))
    return severity


async def _passes(args: ParsedArgs, deps: Deps) -> int:
    text = args.value("passes")
    if text is not None:
        return parse_passes(text, "--passes")
    return min(int(await deps.config.get("review.passes", 1)), MAX_PASSES)


def _diff_request(args: ParsedArgs, command: str, spec: ArgSpec, workspace: WorkspaceInfo) -> DiffRequest:
    """The diff asked for; the paths named (relative to the person's folder) made relative to the workspace
    root, where git reads them."""
    base = args.value("base")
    if base is not None and args.has("working"):
        raise ArgumentError("--base and --working cannot be given together", spec.usage(command))
    if base is not None and not base.strip():
        raise ArgumentError("--base needs a revision", spec.usage(command))
    scope: DiffScope = "since" if base is not None else "working" if args.has("working") else "staged"
    paths = tuple(posixpath.relpath(posixpath.join(workspace.here, path), workspace.root) for path in args.rest())
    return DiffRequest(scope, base, paths)


def _nothing_to_review(request: DiffRequest) -> str:
    if request.scope == "staged":
        return ("nothing to review: no change is staged (stage some with `git add`, or use --working "
                "or --base REV)")
    return f"nothing to review: {request.describe()} change no line"


def _view(result: ReviewResult, output: str, threshold: Severity | None, version: str,
          verbose: bool = False) -> CommandView:
    exit_code = result.exit_code(threshold)
    report = json_report(result)
    listed = dropped_lines(result) if verbose else ()
    aside = "\n".join([closing_line(result), *listed])
    if output == "json":
        return CommandView(lines=(json.dumps(report, indent=2, ensure_ascii=False),), data=report,
                           exit_code=exit_code, aside=aside)
    if output == "sarif":
        log = sarif_log(result.findings, version, result.failures, successful=not result.failed)
        return CommandView(lines=(json.dumps(log, indent=2, ensure_ascii=False),), data=log, exit_code=exit_code,
                           aside=aside)
    document = Document(f"Review of {result.scope}", ranked_markdown(result)) if result.findings else None
    return CommandView(lines=location_lines(result.findings) + listed, message=closing_line(result),
                       document=document, data=report, exit_code=exit_code)
