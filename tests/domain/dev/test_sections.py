import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.dev.sections import (
    DevFileError,
    bullets,
    entries,
    key_values,
    numbered,
    one_line,
    render_section,
    split_sections,
)


def test_a_model_text_becomes_one_line_without_the_marks_it_opens_with():
    assert one_line("  ## - **Save**\n the cart  ") == "Save** the cart"


def test_a_code_fence_at_the_start_of_a_text_is_dropped():
    assert one_line("```text") == "text"


@given(st.text())
def test_one_line_holds_no_line_break_and_opens_with_no_mark(text):
    line = one_line(text)

    assert "\n" not in line and "\r" not in line
    assert not line.startswith(("#", "-", "*", "_", ">", "```", " "))


def test_sections_are_read_by_number_with_the_lines_before_them():
    text = "# Title\n\nStatus\n\n## 1. Purpose\n\nTo sell.\n\n## 2. Actors\n\n_None._\n"

    head, sections = split_sections(text, "spec.md")

    assert head == ("# Title", "", "Status")
    assert sections[1].lines == ("To sell.",) and sections[2].title == "Actors"


def test_a_section_heading_inside_a_fence_is_output_not_a_section():
    text = "## 3. Reproduction\n\n````text\n## 4. Expected\n```\n````\n\n## 4. Expected\n\nIt works.\n"

    _, sections = split_sections(text, "brief.md")

    assert sections[3].lines[-2] == "```" and sections[4].lines == ("It works.",)


def test_a_section_seen_twice_is_refused_with_its_number():
    with pytest.raises(DevFileError, match="section 2 appears twice"):
        split_sections("## 2. A\n## 2. B\n", "spec.md")


def test_an_empty_section_is_written_as_none():
    assert render_section(4, "Out of scope", []) == ["## 4. Out of scope", "", "_None._", ""]


def test_entries_bullets_keys_and_numbered_lines_are_read_apart():
    lines = ["### UC1 · Save", "- Actor: Shopper", "- Steps:", "  1. Open the cart", "  2. Save it", "",
             "### UC2 · Restore", "- Actor: Shopper"]

    found = entries(lines)

    assert [heading for heading, _ in found] == ["UC1 · Save", "UC2 · Restore"]
    assert key_values(found[0][1]) == {"Actor": "Shopper", "Steps": ""}
    assert numbered(found[0][1]) == ("Open the cart", "Save it")
    assert bullets(found[1][1]) == ("Actor: Shopper",)


def test_a_heading_is_found_by_its_line_and_a_missing_one_is_named_with_the_file():
    from orkeon_engine.domain.dev.sections import heading_index

    assert heading_index(["# T", "## Dropped"], "## Dropped", "f.md") == 1
    with pytest.raises(DevFileError, match="f.md: it has no `## Rows` heading"):
        heading_index(["# T"], "## Rows", "f.md")
