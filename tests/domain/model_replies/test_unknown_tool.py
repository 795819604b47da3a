"""The refusal of a tool not offered names the offered tool whose input the call's arguments fit."""

from orkeon_engine.domain.model_replies.unknown_tool import tools_fitting, unknown_tool_text

OFFERED = {
    "file_read": {"properties": {"path": {}, "offset": {}, "limit": {}}, "required": ["path"]},
    "directory_read": {"properties": {"path": {}, "depth": {}}, "required": ["path"]},
    "file_edit": {"properties": {"path": {}, "old_text": {}, "new_text": {}},
                  "required": ["path", "old_text", "new_text"]},
    "codebase_search": {"properties": {"query": {}, "kind": {}, "limit": {}}, "required": ["query"]},
}
NAMES = sorted(OFFERED)


def test_the_arguments_of_file_read_under_another_name_point_at_file_read():
    text = unknown_tool_text("file_settings", {"path": "inventory/settings.py", "offset": 1, "limit": 200},
                             OFFERED, NAMES)

    assert text == ("unknown tool 'file_settings'; the tools offered are: codebase_search, directory_read, "
                    "file_edit, file_read. The arguments given (path, offset, limit) are those file_read takes: "
                    "call file_read with them.")


def test_a_key_no_offered_tool_takes_gives_the_bare_list():
    text = unknown_tool_text("file_settings", {"path": "a.py", "mode": "r"}, OFFERED, NAMES)

    assert text == ("unknown tool 'file_settings'; the tools offered are: codebase_search, directory_read, "
                    "file_edit, file_read")


def test_one_argument_says_too_little_to_name_a_tool():
    assert "takes" not in unknown_tool_text("rm_rf", {"path": "/"}, OFFERED, NAMES)
    assert "takes" not in unknown_tool_text("rm_rf", None, OFFERED, NAMES)


def test_a_required_argument_left_out_is_no_fit():
    assert tools_fitting({"path": "a.py", "old_text": "x"}, OFFERED) == []


def test_two_tools_fitting_are_both_named():
    offered = {**OFFERED, "file_peek": {"properties": {"path": {}, "offset": {}}}}

    text = unknown_tool_text("read_it", {"path": "a.py", "offset": 3}, offered, sorted(offered))

    assert text.endswith("are those file_peek or file_read takes: call file_peek or file_read with them.")


def test_a_schema_that_is_not_an_object_fits_nothing():
    assert tools_fitting({"path": "a", "offset": 1}, {"odd": "not a schema", "other": {"properties": []}}) == []
