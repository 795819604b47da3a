"""Code actions on a finding: "Apply suggestion", "Ask Orkeon to fix", "Dismiss".

"Apply suggestion" is a quick fix whose WorkspaceEdit replaces the quoted lines with the finding's
replacement (offered only when it has one); "Ask Orkeon to fix" runs `orkeon.assistant` with the finding
(offered once the catalogue has an assistant command); "Dismiss" runs `orkeon.review --dismiss <id>`, which
removes the finding and keeps that lens from raising its quote again. All three are quick fixes: a request
whose `context.only` asks for other kinds (source actions, refactorings) gets none.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from lsprotocol import types

from orkeon_engine.domain.review.findings import Finding
from orkeon_lsp.features.diagnostics import SOURCE

if TYPE_CHECKING:
    from orkeon_lsp.server_api import ServerApi

ASSISTANT = "assistant"


def replacement_edit(finding: Finding, uri: str, lines: Sequence[str],
                     units: Callable[[str], int] = len) -> types.WorkspaceEdit | None:
    """The edit replacing the finding's lines with its replacement, whole lines, or None without one.

    `units` measures a line in the client's position units (the server's position codec: UTF-16 by
    default, UTF-8 for a client that chose it), so an edit that ends on the last line ends at its end."""
    if finding.replacement is None:
        return None
    first = finding.line - 1
    last = finding.end_line
    text = finding.replacement.rstrip("\n")
    if last < len(lines):
        end = types.Position(last, 0)
        text += "\n"
    else:
        end = types.Position(max(len(lines) - 1, first), units(lines[-1]) if lines else 0)
    edit = types.TextEdit(range=types.Range(types.Position(first, 0), end), new_text=text)
    return types.WorkspaceEdit(changes={uri: [edit]})


def fix_request(finding: Finding) -> str:
    """What "Ask Orkeon to fix" asks the assistant."""
    text = (f"Fix this review finding ({finding.lens}, {finding.severity}) at {finding.path}:{finding.line}: "
            f"{finding.title}.")
    if finding.detail:
        text += f" {finding.detail}"
    text += f" The line reads: {finding.quote.strip()}"
    if finding.replacement is not None:
        text += f" Suggested replacement: {finding.replacement.strip()}"
    return text


def actions_for(finding: Finding, uri: str, lines: Sequence[str], diagnostic: types.Diagnostic | None,
                assistant: bool, units: Callable[[str], int] = len) -> list[types.CodeAction]:
    """The code actions offered on one finding (`units`: as replacement_edit's)."""
    tied = [diagnostic] if diagnostic is not None else None
    actions: list[types.CodeAction] = []
    edit = replacement_edit(finding, uri, lines, units)
    if edit is not None:
        actions.append(types.CodeAction(title=f"Apply suggestion: {finding.title}",
                                        kind=types.CodeActionKind.QuickFix, diagnostics=tied, edit=edit,
                                        is_preferred=True))
    if assistant:
        actions.append(types.CodeAction(
            title="Ask Orkeon to fix", kind=types.CodeActionKind.QuickFix, diagnostics=tied,
            command=types.Command(title="Ask Orkeon to fix", command=f"orkeon.{ASSISTANT}",
                                  arguments=[fix_request(finding)])))
    actions.append(types.CodeAction(
        title=f"Dismiss: {finding.title}", kind=types.CodeActionKind.QuickFix, diagnostics=tied,
        command=types.Command(title="Dismiss", command="orkeon.review", arguments=["--dismiss", finding.id])))
    return actions


def _finding_id(diagnostic: types.Diagnostic) -> str | None:
    data = diagnostic.data
    if diagnostic.source != SOURCE or not isinstance(data, dict):
        return None
    value = data.get("id")
    return value if isinstance(value, str) else None


def chosen_findings(findings: Sequence[Finding], diagnostics: Sequence[types.Diagnostic],
                    selection: types.Range) -> list[tuple[Finding, types.Diagnostic | None]]:
    """The findings a code action request is about: those of its Orkeon diagnostics, else every finding
    whose lines meet the selected range; each with its diagnostic when the request named it."""
    by_id = {f.id: f for f in findings}
    tied = {i: d for d in diagnostics if (i := _finding_id(d)) in by_id}
    if tied:
        return [(by_id[i], d) for i, d in tied.items()]
    first, last = selection.start.line + 1, selection.end.line + 1
    return [(f, None) for f in findings if f.line <= last and f.end_line >= first]


def kind_wanted(kind: str, only: Sequence[str] | None) -> bool:
    """Whether an action of `kind` answers a request that asked `only` these kinds (None: every kind).
    Kinds are hierarchical: `quickfix` answers `quickfix` and `` (every kind), not `source` nor
    `quickfix.other`."""
    if only is None:
        return True
    return any(wanted == "" or kind == wanted or kind.startswith(wanted + ".") for wanted in only)


def setup(server: ServerApi) -> None:
    options = types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix])

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, options)
    async def on_code_action(ls: ServerApi, params: types.CodeActionParams) -> list[types.CodeAction] | None:
        if not kind_wanted(types.CodeActionKind.QuickFix.value, params.context.only):
            return None
        engine = await ls.engine.get()
        if engine.findings is None:
            return None
        uri = params.text_document.uri
        path = ls.diagnostics.path_of(uri)
        if path is None:
            return None
        lines = [line.rstrip("\r\n") for line in ls.diagnostics.lines_of(uri)]
        assistant = engine.find(ASSISTANT) is not None
        chosen = chosen_findings(await engine.findings.for_path(path), params.context.diagnostics, params.range)
        units = ls.workspace.position_codec.client_num_units
        actions = [a for f, d in chosen for a in actions_for(f, uri, lines, d, assistant, units)]
        return actions or None
