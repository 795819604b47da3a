"""Finding the JSON in a model's answer, and the validation problems said in words."""

import json
from typing import Literal

from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, Field, ValidationError, model_validator

from orkeon_engine.domain.model_replies.model_json import (
    completed,
    describe_validation_error,
    json_candidate,
    shown_value,
)

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def test_a_fenced_block_is_taken_over_the_prose_around_it():
    text = 'Sure! {not this}\n```json\n{"a": 1}\n```\nHope it helps.'

    assert json_candidate(text) == '{"a": 1}'


def test_the_first_balanced_object_is_found_in_prose():
    assert json_candidate('The answer is {"a": "}{", "b": [1, {"c": 2}]} as asked.') == \
        '{"a": "}{", "b": [1, {"c": 2}]}'


def test_text_without_json_is_returned_as_it_is():
    assert json_candidate("  no json here ") == "no json here"


@given(st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=5), st.text(alphabet="abc .:\n", max_size=30),
       st.text(alphabet="abc .:\n", max_size=30))
def test_an_object_wrapped_in_any_prose_comes_out_whole(value, before, after):
    text = before + json.dumps(value) + after

    assert json.loads(json_candidate(text)) == value


@given(st.text(max_size=200))
def test_any_text_gives_a_candidate_without_raising(text):
    assert isinstance(json_candidate(text), str)


def test_validation_problems_are_one_line_a_field():
    class Row(BaseModel):
        name: str
        count: int

    try:
        Row.model_validate({"count": "many"})
    except ValidationError as error:
        problems = describe_validation_error(error)

    assert problems.splitlines() == ["- name: Field required",
                                     "- count: Input should be a valid integer, unable to parse string as an integer, "
                                     "was 'many'"]


class Draft(BaseModel):
    subject: str = Field(max_length=10, pattern=r"^[a-z ]+$")
    tags: list[str] = Field(min_length=1, max_length=2)
    kind: Literal["fix", "feat"]

    @model_validator(mode="after")
    def _rules(self) -> "Draft":
        if "x" in self.tags:
            raise ValueError("tags.0: 'x' is no tag\nsubject: must not say x")
        return self


def test_a_problem_names_the_field_the_rule_and_the_value_given():
    try:
        Draft.model_validate({"subject": "fix: add the thing", "tags": [], "kind": "chore"})
    except ValidationError as error:
        problems = describe_validation_error(error).splitlines()

    assert problems == ["- subject: at most 10 characters, was 18: 'fix: add the thing'",
                        "- tags: at least 1 items, was 0",
                        "- kind: one of 'fix' or 'feat', was 'chore'"]


def test_a_validators_own_lines_name_their_fields_without_a_prefix():
    try:
        Draft.model_validate({"subject": "ok", "tags": ["x"], "kind": "fix"})
    except ValidationError as error:
        problems = describe_validation_error(error).splitlines()

    assert problems == ["- tags.0: 'x' is no tag", "- subject: must not say x"]


def test_a_pattern_problem_says_the_pattern_and_a_long_value_is_cut():
    try:
        Draft.model_validate({"subject": "A", "tags": ["a"], "kind": "fix"})
    except ValidationError as error:
        assert describe_validation_error(error) == "- subject: must match the pattern ^[a-z ]+$, was 'A'"
    assert shown_value("y" * 200).endswith("...") and len(shown_value("y" * 200)) == 80


def test_an_object_stopped_before_its_closing_brackets_is_completed():
    assert completed('{"a": {"b": [1, 2]') == '{"a": {"b": [1, 2]}}'


def test_an_object_stopped_inside_a_string_is_not_completed():
    assert completed('{"a": "unfinished') is None


def test_a_balanced_object_or_plain_text_needs_no_completing():
    assert completed('{"a": 1}') is None and completed("no json here") is None


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
                    max_leaves=8), st.integers(min_value=1, max_value=6))
def test_a_json_value_cut_only_of_its_closing_brackets_comes_back_whole(value, cut):
    import json

    text = json.dumps(value)
    closers = len(text) - len(text.rstrip("}]"))
    if closers == 0 or text[:1] not in "{[":
        return
    cut = min(cut, closers)
    assert json.loads(completed(text[:-cut])) == value
