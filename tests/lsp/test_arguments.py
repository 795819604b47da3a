"""executeCommand arguments as the command line's tokens: a list of strings, or one object of flags and words."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_lsp.arguments import ArgumentsShapeError, decode_arguments, kebab_case
from tests.support.strategies import json_values


def test_a_list_of_strings_is_the_tokens_themselves():
    assert decode_arguments(["--lens", "security", "src/app.py"]) == ["--lens", "security", "src/app.py"]


def test_no_arguments_are_no_tokens():
    assert decode_arguments(None) == [] and decode_arguments([]) == []


def test_one_object_gives_flags_then_the_words_after_a_double_dash():
    tokens = decode_arguments([{"lens": "security", "dryRun": True, "passes": 2, "words": ["-weird.py"]}])

    assert tokens == ["--lens", "security", "--dry-run", "--passes", "2", "--", "-weird.py"]


def test_false_and_null_leave_a_flag_out_and_a_list_repeats_it():
    tokens = decode_arguments([{"yes": False, "base": None, "path": ["a", "b"]}])

    assert tokens == ["--path", "a", "--path", "b"]


def test_one_word_may_be_a_string():
    assert decode_arguments([{"words": "plan"}]) == ["--", "plan"]


@pytest.mark.parametrize("arguments", [[1, "a"], [{"a": 1}, "b"], [["nested"]], [{"lens": {"deep": 1}}],
                                       [{"words": [1]}]])
def test_other_shapes_are_refused_saying_what_is_accepted(arguments):
    with pytest.raises(ArgumentsShapeError):
        decode_arguments(arguments)


def test_camel_case_becomes_kebab_case():
    assert kebab_case("dryRun") == "dry-run" and kebab_case("base") == "base" and kebab_case("no-verify") == "no-verify"


@given(st.lists(json_values, max_size=4))
def test_any_json_arguments_decode_to_strings_or_are_refused(arguments):
    try:
        tokens = decode_arguments(arguments)
    except ArgumentsShapeError:
        return
    assert all(isinstance(token, str) for token in tokens)
