import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.ui.view import (
    COLUMN_GAP,
    MIN_COLUMN,
    CommandView,
    Document,
    Table,
    fit_widths,
    render_text,
    table,
    to_json,
)


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



def test_a_table_wider_than_the_terminal_wraps_its_widest_cells_to_fit():
    why = "a long reason that explains the rule in many words, far more than one line of the terminal holds"
    view = CommandView(table=table(["set", "rule", "why"], [["secrets", "file_read(.env)", why]]))

    lines = render_text(view, width=50).splitlines()

    assert max(len(line) for line in lines) <= 50
    assert lines[0].split() == ["set", "rule", "why"]
    assert " ".join(line[len("secrets  file_read(.env)  "):].strip() for line in lines[2:]) == why


def test_a_table_that_fits_renders_as_without_a_width():
    view = CommandView(table=table(["name", "value"], [["a", "1"], ["longer", "22"]]))

    assert render_text(view, width=100) == render_text(view)


def test_narrow_columns_keep_their_width_and_the_wide_ones_share_the_rest():
    assert fit_widths([3, 40, 60], 60) == [3, 26, 27]


@given(st.lists(st.integers(min_value=0, max_value=300), min_size=1, max_size=8),
       st.integers(min_value=20, max_value=400))
def test_fitted_widths_fit_whenever_the_minimum_columns_do(natural, width):
    widths = fit_widths(natural, width)

    gaps = COLUMN_GAP * (len(natural) - 1)
    floor = sum(min(n, MIN_COLUMN) for n in natural) + gaps
    assert all(w <= n for w, n in zip(widths, natural, strict=True))
    if floor <= width:
        assert sum(widths) + gaps <= width


@given(st.lists(st.lists(st.text(alphabet="ab -", max_size=120), min_size=3, max_size=3), max_size=5),
       st.integers(min_value=3 * MIN_COLUMN + 4, max_value=160))
def test_a_rendered_table_never_exceeds_a_width_its_minimum_columns_fit(rows, width):
    view = CommandView(table=table(["one", "two", "three"], rows))

    lines = render_text(view, width=width).splitlines()

    assert all(len(line) <= width for line in lines)


def test_a_whole_column_keeps_its_width_and_the_others_share_what_is_left():
    assert fit_widths([30, 40, 60], 80, whole=(0,)) == [30, 23, 23]


def test_a_whole_column_is_never_cut_in_a_narrow_terminal():
    rows = [["model.contextWindow", "a number of tokens", "the window of the model, read from the server"]]
    view = CommandView(table=table(["key", "accepts", "description"], rows, whole=(0,)))

    lines = render_text(view, width=50).splitlines()

    assert "model.contextWindow" in lines[2]
    assert all(len(line) <= 50 for line in lines)
