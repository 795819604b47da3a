import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.extensions.mcp import (
    ExtraToolSpec,
    McpServerSpec,
    expand_variables,
    extra_tool_name,
    model_name_problem,
    parse_extra_entries,
    parse_mcp_json,
    parse_server_table,
    split_extra_name,
)
from tests.support.strategies import json_values

ENV = {"GITHUB_TOKEN": "ghp_x", "HOME": "/home/dev"}


def test_a_server_declaration_gives_its_command_arguments_and_environment():
    servers, problems = parse_server_table(
        {"github": {"command": "github-mcp", "args": ["stdio"], "env": {"TOKEN": "${GITHUB_TOKEN}"}}}, "here", ENV)

    assert problems == []
    assert servers == [McpServerSpec("github", "github-mcp", ("stdio",), (("TOKEN", "ghp_x"),), "here")]


def test_a_mcp_json_file_declares_project_servers():
    text = json.dumps({"mcpServers": {"docs": {"command": "docs-server"}}})

    servers, problems = parse_mcp_json(text, "/repo/.mcp.json", ENV)

    assert problems == [] and servers[0].project and servers[0].origin == "/repo/.mcp.json"


def test_a_mcp_json_file_that_is_not_json_is_one_problem_naming_it():
    servers, problems = parse_mcp_json("{nope", "/repo/.mcp.json", ENV)

    assert servers == [] and problems[0].startswith("/repo/.mcp.json: invalid JSON at line 1")


@pytest.mark.parametrize(("declaration", "problem"), [
    ({"url": "https://mcp.example.org"}, "only servers started over stdio"),
    ({"type": "http", "command": "x"}, "only servers started over stdio"),
    ({"command": ""}, "command must be a non-empty string"),
    ({"command": "x", "args": "--stdio"}, "args must be a list of strings"),
    ({"command": "x", "env": {"A": 1}}, "env must be an object of strings"),
    ({"command": "x", "cwd": "/"}, "unknown key 'cwd'"),
    ({"command": "x", "env": {"T": "${MISSING}"}}, "${MISSING} is not set in the environment"),
    ("x", "expected an object"),
])
def test_a_declaration_that_cannot_be_used_is_a_problem_naming_the_server(declaration, problem):
    servers, problems = parse_server_table({"svc": declaration}, "/home/dev/.config/orkeon/config.json", ENV)

    assert servers == [] and len(problems) == 1
    assert problems[0].startswith("/home/dev/.config/orkeon/config.json: MCP server 'svc': ")
    assert problem in problems[0]


@pytest.mark.parametrize("name", ["a__b", "_a", "a_", "a b", "", "a.b"])
def test_a_server_name_that_would_blur_its_tool_names_is_refused(name):
    servers, problems = parse_server_table({name: {"command": "x"}}, "here", ENV)

    assert servers == [] and "a server's name holds letters" in problems[0]


def test_a_variable_may_have_a_default():
    assert expand_variables("${PORT:-8080}/${HOME}/$HOME", ENV) == "8080//home/dev/$HOME"


def test_the_extra_tool_name_splits_at_the_first_double_underscore_after_the_server():
    assert split_extra_name(extra_tool_name("my-server_2", "list__all")) == ("my-server_2", "list__all")


@pytest.mark.parametrize("name", ["github__list", "mcp__github", "mcp____list", "mcp__github__", "mcp___x__y"])
def test_a_name_not_of_the_mcp_form_is_not_split(name):
    assert split_extra_name(name) is None


def test_entries_take_the_class_write_unless_they_say_read():
    entries, problems = parse_extra_entries(["mcp__github__list_issues:read", "mcp__github__create_issue",
                                             "mcp__jira__close:write"], "user")

    assert problems == []
    assert [(e.name, e.tool_class) for e in entries] == [
        ("mcp__github__list_issues", "read"), ("mcp__github__create_issue", "extra"), ("mcp__jira__close", "extra")]


def test_an_entry_that_does_not_parse_is_a_problem_naming_where_and_which():
    entries, problems = parse_extra_entries(["mcp__github__list", "github_list", "mcp__a__b:admin"], "/repo/x.json")

    assert [e.name for e in entries] == ["mcp__github__list"]
    assert problems == [
        "/repo/x.json: tools.extra[1] 'github_list' is not mcp__<server>__<tool>, optionally followed by :read or "
        ":write",
        "/repo/x.json: tools.extra[2] 'mcp__a__b:admin' has the class 'admin'; the class is read or write"]


def test_a_name_given_two_classes_is_a_problem():
    _, problems = parse_extra_entries(["mcp__a__b:read", "mcp__a__b"], "session")

    assert problems == ["session: tools.extra names mcp__a__b twice, as read and as write"]


def test_a_name_no_model_accepts_says_so():
    assert model_name_problem("mcp__a__b.c").startswith("mcp__a__b.c cannot be offered to a model")
    assert model_name_problem("mcp__a__b") == ""


def test_the_class_word_reads_back():
    assert [ExtraToolSpec("n", "s", "t", c).class_word for c in ("read", "extra")] == ["read", "write"]


@given(json_values)
def test_no_declaration_table_raises(value):
    servers, problems = parse_server_table(value, "here", ENV)

    assert all(isinstance(s, McpServerSpec) for s in servers) and all(isinstance(p, str) for p in problems)


@given(st.text(max_size=60))
def test_no_mcp_json_text_raises(text):
    servers, problems = parse_mcp_json(text, "f", ENV)

    assert servers or problems or text.strip().startswith("{")


@given(json_values)
def test_no_extra_setting_raises_and_every_entry_is_of_the_mcp_form(value):
    entries, _ = parse_extra_entries(value, "here")

    assert all(split_extra_name(entry.name) == (entry.server, entry.tool) for entry in entries)
