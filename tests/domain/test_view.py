import pytest

from orkeon_engine.domain.view import CommandView, Document, Table, render_text, table, to_json


def test_text_rendering_puts_lines_then_an_aligned_table_then_the_message():
    view = CommandView(lines=("first",), table=table(["name", "value"], [["a", "1"], ["longer", "22"]]),
                       message="done")

    text = render_text(view)

    assert text.splitlines() == ["first", "name    value", "------  -----", "a       1", "longer  22", "done"]


def test_a_table_without_column_names_prints_no_empty_heading_nor_rule():
    view = CommandView(table=table(["", ""], [["version", "1"], ["mode", "default"]]))

    text = render_text(view)

    assert text.splitlines() == ["version  1", "mode     default"]


def test_json_rendering_has_the_four_fields_the_language_server_returns():
    view = CommandView(lines=("x",), table=table(["c"], [["v"]]), message="m", document=Document("T", "body"))

    payload = to_json(view)

    assert payload["message"] == "m"
    assert payload["lines"] == ["x"]
    assert payload["table"] == {"columns": ["c"], "rows": [["v"]]}
    assert payload["document"] == {"title": "T", "content": "body"}


def test_an_empty_view_renders_as_nothing():
    assert render_text(CommandView()) == ""


def test_a_row_of_the_wrong_width_is_refused():
    with pytest.raises(ValueError, match="2 cells for 1 columns"):
        Table(("one",), (("a", "b"),))

