from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from orkeon_engine.domain.tools.tool_schema import compact_schema


class _Input(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str = Field(min_length=1, description="A property named title.")
    kind: Literal["class", "function"] | None = Field(None, description="Only this kind.")
    under: str = ""
    text: bool = False
    start: int = Field(0, ge=0)
    limit: int = Field(20, ge=1, le=100)


def test_the_titles_go_and_a_property_named_title_stays():
    schema = compact_schema(_Input.model_json_schema())

    assert "title" not in schema and list(schema["properties"]) == ["title", "kind", "under", "text", "start", "limit"]
    assert schema["properties"]["title"] == {"description": "A property named title.", "minLength": 1, "type": "string"}


def test_an_optional_field_is_written_as_its_one_type_and_stays_out_of_required():
    schema = compact_schema(_Input.model_json_schema())

    assert schema["properties"]["kind"] == {"description": "Only this kind.", "enum": ["class", "function"],
                                            "type": "string"}
    assert schema["required"] == ["title"]


def test_an_empty_default_goes_and_a_meaningful_one_stays():
    properties = compact_schema(_Input.model_json_schema())["properties"]

    assert "default" not in properties["under"] and "default" not in properties["text"]
    assert properties["start"]["default"] == 0 and properties["limit"]["default"] == 20


def test_the_upper_bounds_go_and_the_lower_ones_and_the_closed_object_stay():
    schema = compact_schema(_Input.model_json_schema())

    assert schema["properties"]["limit"] == {"default": 20, "minimum": 1, "type": "integer"}
    assert schema["additionalProperties"] is False

