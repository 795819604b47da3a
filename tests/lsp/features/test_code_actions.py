"""The code actions on a finding: the suggestion as a whole-line edit, the assistant, the dismissal."""

from lsprotocol import types
from pygls.workspace import PositionCodec

from orkeon_engine.domain.review.findings import Finding
from orkeon_lsp.features.code_actions import (
    actions_for,
    chosen_findings,
    fix_request,
    kind_wanted,
    replacement_edit,
)

URI = "file:///repo/app.py"
LINES = ["import os", "def load(path):", "    handle = open(path)", "    return handle.read()", ""]
LEAK = Finding("app.py", 3, 4, "    handle = open(path)", "high", "correctness", "Never closed", "Use with.",
               replacement="    with open(path) as handle:\n        return handle.read()\n")


def test_the_suggestion_replaces_the_whole_quoted_lines():
    edit = replacement_edit(LEAK, URI, LINES).changes[URI][0]

    assert edit.range == types.Range(types.Position(2, 0), types.Position(4, 0))
    assert edit.new_text == "    with open(path) as handle:\n        return handle.read()\n"


def test_a_suggestion_on_the_last_line_ends_at_its_last_character():
    last = Finding("app.py", 2, 2, "b", "low", "tests", "t", "", replacement="c")

    edit = replacement_edit(last, URI, ["a", "b"]).changes[URI][0]

    assert (edit.range.end, edit.new_text) == (types.Position(1, 1), "c")


def test_a_suggestion_on_the_last_line_ends_at_its_end_in_the_clients_units():
    last = Finding("app.py", 2, 2, "b = '\U0001f600'", "low", "tests", "t", "", replacement="b = ''")
    utf16 = PositionCodec(types.PositionEncodingKind.Utf16).client_num_units

    edit = replacement_edit(last, URI, ["a", "b = '\U0001f600'"], utf16).changes[URI][0]

    assert edit.range.end == types.Position(1, 8)


def test_a_finding_without_a_replacement_has_no_edit():
    assert replacement_edit(Finding("a", 1, 1, "x", "low", "tests", "t", ""), URI, ["x"]) is None


def test_without_an_assistant_the_actions_are_apply_and_dismiss():
    actions = actions_for(LEAK, URI, LINES, None, assistant=False)

    assert [a.title for a in actions] == ["Apply suggestion: Never closed", "Dismiss: Never closed"]
    assert actions[1].command.command == "orkeon.review"
    assert actions[1].command.arguments == ["--dismiss", LEAK.id]


def test_with_an_assistant_the_finding_can_be_handed_to_it():
    actions = actions_for(LEAK, URI, LINES, None, assistant=True)

    ask = next(a for a in actions if a.title == "Ask Orkeon to fix")
    assert ask.command.command == "orkeon.assistant"
    assert ask.command.arguments == [fix_request(LEAK)]


def test_the_request_to_the_assistant_names_the_place_the_problem_and_the_suggestion():
    text = fix_request(LEAK)

    assert "app.py:3" in text and "Never closed" in text and "with open(path) as handle" in text


def _range(first, last):
    return types.Range(types.Position(first, 0), types.Position(last, 0))


def test_the_actions_are_about_the_findings_of_the_diagnostics_the_request_names():
    other = Finding("app.py", 1, 1, "import os", "nit", "maintainability", "Unused", "")
    named = types.Diagnostic(_range(2, 3), "Never closed", source="orkeon", data={"id": LEAK.id})

    chosen = chosen_findings([other, LEAK], [named], _range(0, 4))

    assert chosen == [(LEAK, named)]


def test_without_a_named_diagnostic_the_findings_meeting_the_range_are_chosen():
    other = Finding("app.py", 1, 1, "import os", "nit", "maintainability", "Unused", "")
    foreign = types.Diagnostic(_range(3, 3), "E501", source="ruff", data={"id": LEAK.id})

    chosen = chosen_findings([other, LEAK], [foreign], _range(3, 3))

    assert chosen == [(LEAK, None)]


def test_quick_fixes_answer_a_request_for_every_kind_or_for_quick_fixes():
    assert [kind_wanted("quickfix", only) for only in (None, ["quickfix"], [""], ["refactor", "quickfix"])] == [
        True, True, True, True]


def test_quick_fixes_do_not_answer_a_request_for_other_kinds():
    assert [kind_wanted("quickfix", only) for only in (["source"], ["source.organizeImports"], ["quickfix.x"],
                                                      [])] == [False, False, False, False]
