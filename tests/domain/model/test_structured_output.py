"""Structured output: a pydantic schema made strict, and the order of the ways one call tries."""

import jsonschema
from pydantic import BaseModel, Field

from orkeon_engine.crews.code_review.answer import LensAnswer
from orkeon_engine.domain.model.structured_output import strict_schema, structured_output, ways_to_try


class Inner(BaseModel):
    """A nested object."""

    label: str


class Outer(BaseModel):
    inner: Inner = Field(description="described beside its reference")
    note: str | None = None
    count: int = 0


class FreeForm(BaseModel):
    values: dict[str, str]


def _objects(node):
    if isinstance(node, dict):
        if node.get("type") == "object":
            yield node
        for value in node.values():
            yield from _objects(value)
    elif isinstance(node, list):
        for item in node:
            yield from _objects(item)


def test_every_object_of_the_lens_answer_is_closed_with_all_its_properties_required():
    schema, strict = strict_schema(LensAnswer.model_json_schema())

    objects = list(_objects(schema))
    assert strict and len(objects) == 2
    assert all(o["additionalProperties"] is False and o["required"] == list(o["properties"]) for o in objects)


def test_defaults_are_dropped_since_every_property_is_required():
    schema, _ = strict_schema(Outer.model_json_schema())

    assert "default" not in str(schema)


def test_a_reference_beside_a_description_is_inlined():
    schema, _ = strict_schema(Outer.model_json_schema())

    inner = schema["properties"]["inner"]
    assert "$ref" not in inner and inner["description"] == "described beside its reference"
    assert inner["required"] == ["label"] and inner["additionalProperties"] is False


def test_a_free_form_object_cannot_be_strict():
    _, strict = strict_schema(FreeForm.model_json_schema())

    assert strict is False


def test_an_answer_with_every_field_given_fits_the_strict_schema_and_the_model():
    schema, _ = strict_schema(LensAnswer.model_json_schema())
    answer = {"findings": [{"path": "a.py", "line": 2, "end_line": None, "quote": "x = 1", "severity": "high",
                            "title": "t", "detail": "", "replacement": None}]}

    jsonschema.validate(answer, schema)

    assert LensAnswer.model_validate(answer).findings[0].line == 2


def test_the_original_schema_is_left_untouched():
    original = LensAnswer.model_json_schema()

    strict_schema(original)

    assert original == LensAnswer.model_json_schema()


def test_the_request_is_named_after_the_model_in_characters_every_provider_takes():
    wanted = structured_output("Lens Answer (v2)", Inner.model_json_schema(), "A  nested\nobject.")

    assert (wanted.name, wanted.description) == ("Lens_Answer__v2_", "A nested object.")


def test_auto_on_an_openai_compatible_base_tries_json_schema_then_the_tool_then_the_prompt():
    ways = ways_to_try("auto", openai_compatible=True, knows_schema=False, knows_tools=False)

    assert ways == ("json_schema", "tool", "prompt")


def test_auto_skips_a_way_the_server_refused():
    ways = ways_to_try("auto", openai_compatible=True, knows_schema=False, knows_tools=False,
                       refused={"json_schema"})

    assert ways == ("tool", "prompt")


def test_auto_follows_what_litellm_knows_of_the_model():
    assert ways_to_try("auto", openai_compatible=False, knows_schema=False, knows_tools=True) == ("tool", "prompt")
    assert ways_to_try("auto", openai_compatible=False, knows_schema=False, knows_tools=False) == ("prompt",)


def test_an_explicit_setting_is_that_way_alone_even_when_refused_before():
    ways = ways_to_try("json_schema", openai_compatible=False, knows_schema=False, knows_tools=False,
                       refused={"json_schema"})

    assert ways == ("json_schema",)
