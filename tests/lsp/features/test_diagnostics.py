"""Findings as LSP diagnostics, and the editor's content changes as the domain's text changes."""

import asyncio

from lsprotocol import types
from pygls.workspace import PositionCodec

from orkeon_engine.domain.review.finding_tracking import relocate
from orkeon_engine.domain.review.findings import Finding
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from orkeon_engine.engine import Engine
from orkeon_lsp.features import diagnostics as diagnostics_feature
from orkeon_lsp.features.diagnostics import to_changes, to_diagnostic
from orkeon_lsp.overlay import document_lines
from tests.support.deps import make_deps
from tests.support.doubles.fake_findings_store import FakeFindingsStore
from tests.support.lsp_loopback import connected, make_server

LINES = ["import os", "def load(path):", "    handle = open(path)", "    return handle.read()"]
LEAK = Finding("app.py", 3, 4, "    handle = open(path)", "high", "correctness", "Never closed", "Use with.",
               replacement="    with open(path) as handle:\n        return handle.read()")


def test_a_diagnostic_spans_the_findings_lines_from_the_quoted_text():
    diagnostic = to_diagnostic(LEAK, LINES)

    assert diagnostic.range == types.Range(types.Position(2, 4), types.Position(3, 24))


def test_a_diagnostic_ends_at_the_lines_end_in_the_clients_units():
    emoji = Finding("a.py", 1, 1, "s = '\U0001f600'", "low", "tests", "t", "")
    utf8 = PositionCodec(types.PositionEncodingKind.Utf8).client_num_units

    diagnostic = to_diagnostic(emoji, ["s = '\U0001f600'"], utf8)

    assert diagnostic.range.end == types.Position(0, 10)


def test_a_diagnostic_carries_the_source_the_lens_the_message_and_the_id():
    diagnostic = to_diagnostic(LEAK, LINES)

    assert (diagnostic.source, diagnostic.code, diagnostic.message) == ("orkeon", "correctness",
                                                                         "Never closed\nUse with.")
    assert diagnostic.data == {"id": LEAK.id, "severity": "high", "hasSuggestion": True}


def test_severities_map_to_the_lsp_levels():
    levels = [to_diagnostic(Finding("a", 1, 1, "x", s, "tests", "t", ""), ["x"]).severity
              for s in ("blocker", "high", "medium", "low", "nit")]

    assert levels == [types.DiagnosticSeverity.Error, types.DiagnosticSeverity.Error,
                      types.DiagnosticSeverity.Warning, types.DiagnosticSeverity.Information,
                      types.DiagnosticSeverity.Hint]


def test_merged_lenses_are_named_in_the_message():
    merged = Finding("a", 1, 1, "x", "low", "tests", "t", "", also=("security",))

    assert to_diagnostic(merged, ["x"]).message == "t\n(also raised by security)"


def test_a_span_past_the_end_of_the_text_stops_at_its_last_line():
    diagnostic = to_diagnostic(LEAK.moved(4, 9), LINES)

    assert diagnostic.range.end == types.Position(3, 24)


def test_partial_and_whole_changes_become_text_changes():
    params = types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri="file:///a.py", version=2),
        content_changes=[
            types.TextDocumentContentChangePartial(
                range=types.Range(types.Position(1, 2), types.Position(3, 0)), text="x\n"),
            types.TextDocumentContentChangeWholeDocument(text="all"),
        ],
    )

    changes = to_changes(params)

    assert [(c.start_line, c.start_char, c.end_line, c.end_char, c.text) for c in changes] == [
        (1, 2, 3, 0, "x\n"), (None, 0, 0, 0, "all")]


async def test_two_edits_reported_back_to_back_move_a_finding_once_each(tmp_path):
    text = "".join(f"line {n}\n" for n in range(1, 10)) + "value = compute_the_total()\n"
    finding = Finding("app.py", 10, 10, "value = compute_the_total()", "low", "tests", "t", "")
    deps = await make_deps(findings_store=FakeFindingsStore([finding]),
                           workspace=WorkspaceInfo(root=str(tmp_path), git_root=str(tmp_path), writable=True))
    server = make_server(deps.catalogue)
    diagnostics_feature.setup(server)
    engine = Engine(deps, deps.catalogue, lambda: None)
    uri = (tmp_path / "app.py").as_uri()
    (tmp_path / "app.py").write_text(text)
    async with connected(server, tmp_path, engine=engine):
        for _ in range(50):  # initialized: the stored finding is published
            await asyncio.sleep(0)
        server.workspace.put_text_document(types.TextDocumentItem(uri, "python", 1, text))
        for version in (2, 3):  # pygls dispatches both before either follow runs
            change = types.TextDocumentContentChangePartial(types.Range(types.Position(0, 0), types.Position(0, 0)),
                                                            "new\n" * 5)
            params = types.DidChangeTextDocumentParams(types.VersionedTextDocumentIdentifier(version, uri), [change])
            server.workspace.update_text_document(params.text_document, change)
            server.diagnostics.document_changed(params)
        for _ in range(50):
            await asyncio.sleep(0)

        assert [f.line for f in await deps.findings.findings()] == [20]


def test_a_form_feed_above_a_finding_does_not_move_it_off_its_line():
    finding = Finding("a.py", 3, 3, "total = compute()", "low", "tests", "t", "")

    lines = document_lines("import os\n\x0c\ntotal = compute()\n")

    assert lines == ["import os", "\x0c", "total = compute()"]
    assert relocate(finding, lines) == finding


def test_document_lines_end_at_each_lsp_line_end_and_open_none_after_the_last():
    assert document_lines("a\r\nb\rc\n") == ["a", "b", "c"]
    assert (document_lines(""), document_lines("a"), document_lines("a\n\n")) == ([], ["a"], ["a", ""])
