"""The lines outside a text's code fences, fences closed as CommonMark closes them."""

from orkeon_engine.domain.model_replies.fences import fenced_blocks, prose_lines


def test_the_lines_inside_a_fence_and_the_fence_lines_are_left_out():
    assert prose_lines("a\n```python\ncode\n```\nb") == ["a", "b"]


def test_a_longer_fence_is_not_closed_by_a_shorter_one_or_an_info_string():
    text = "a\n````\n```\nsee evil.py\n```python\n````\nb"

    assert prose_lines(text) == ["a", "b"]


def test_tildes_close_only_tildes_and_an_unclosed_fence_runs_to_the_end():
    assert prose_lines("a\n~~~\n```\nx\n~~~\nb\n```\nhidden") == ["a", "b"]


def test_an_inline_code_span_of_three_backquotes_opens_no_fence():
    assert prose_lines("call ```x``` now\nb") == ["call ```x``` now", "b"]


def test_a_closing_line_indented_four_spaces_is_code_not_a_closing_fence():
    assert prose_lines("```\n    ```\nstill code\n```\nb") == ["b"]


def test_fenced_blocks_gives_each_fence_its_lines_info_and_body_and_runs_an_open_one_to_the_end():
    lines = ["text", "````markdown notes.md", "```python", "x", "```", "````", "more", "```python", "y"]

    blocks = fenced_blocks(lines)

    assert [(b.start, b.end, b.info, b.body) for b in blocks] == [
        (1, 5, "markdown notes.md", ("```python", "x", "```")), (7, 8, "python", ("y",))]
