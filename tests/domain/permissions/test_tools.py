from orkeon_engine.domain.permissions.tools import BUILTIN_TOOLS, EDIT_TOOLS, SHELL_TOOLS

MODEL_TOOLS = (
    "file_read", "file_write", "directory_read", "list_mounts", "shell_command", "start_job", "job_status",
    "job_tail", "progress_report", "index_status", "index_codebase", "incremental_reindex", "codebase_map",
    "dependency_graph", "package_summary", "codebase_search", "node_outline", "node_read", "node_replace",
    "edit_batch", "goto_definition", "find_references", "spawn_agent",
)


def test_every_tool_the_model_calls_has_a_class():
    assert set(BUILTIN_TOOLS) == set(MODEL_TOOLS)


def test_the_writers_are_edit_tools_and_the_command_runners_shell_tools():
    assert {BUILTIN_TOOLS[name] for name in EDIT_TOOLS} == {"edit"}
    assert {BUILTIN_TOOLS[name] for name in SHELL_TOOLS} == {"shell"}
    assert [name for name, cls in BUILTIN_TOOLS.items() if cls in ("edit", "shell")] == [
        "file_write", "node_replace", "edit_batch", "shell_command", "start_job"]
