from orkeon_engine.domain.permissions.tools import BUILTIN_TOOLS, EDIT_TOOLS, SHELL_TOOLS, tool_name_matches

MODEL_TOOLS = (
    "file_read", "file_edit", "file_write", "directory_read", "list_mounts", "shell_command", "start_job", "job_status",
    "job_tail", "progress_report", "index_status", "index_codebase", "incremental_reindex", "codebase_map",
    "dependency_graph", "package_summary", "codebase_search", "node_outline", "node_read", "node_replace",
    "edit_batch", "goto_definition", "find_references", "memory_recall", "spawn_agent", "web_fetch",
    "create_pr", "todo_write", "definition_rewrite",
)


def test_every_tool_the_model_calls_has_a_class():
    assert set(BUILTIN_TOOLS) == set(MODEL_TOOLS)


def test_the_writers_are_edit_tools_and_the_command_runners_shell_tools():
    assert {BUILTIN_TOOLS[name] for name in EDIT_TOOLS} == {"edit"}
    assert {BUILTIN_TOOLS[name] for name in SHELL_TOOLS} == {"shell"}
    assert [name for name, cls in BUILTIN_TOOLS.items() if cls in ("edit", "shell")] == [
        "file_edit", "file_write", "node_replace", "edit_batch", "definition_rewrite", "shell_command", "start_job"]


def test_web_fetch_and_create_pr_are_the_network_tools():
    assert [name for name, cls in BUILTIN_TOOLS.items() if cls == "network"] == ["web_fetch", "create_pr"]


def test_a_tool_name_pattern_covers_the_names_it_starts():
    names = ["mcp__github__merge", "mcp__githubx__merge", "mcp__gitlab__merge", "file_read"]

    assert [n for n in names if tool_name_matches("mcp__github__*", n)] == ["mcp__github__merge"]


def test_a_star_alone_covers_every_tool_and_a_plain_name_only_itself():
    assert tool_name_matches("*", "file_read") and tool_name_matches("file_read", "file_read")
    assert not tool_name_matches("file_read", "file_read_more")
