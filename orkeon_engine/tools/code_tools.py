"""The code tools of one run, over the code index, the navigation and the Files port: the read tools
(index and search, outline, node_read, goto_definition, find_references) and the edit tools (node_replace,
edit_batch), sharing one record of the hashes node_read handed out."""

from __future__ import annotations

from typing import Any

from orkeon_engine.domain.code_index.node_edit import IssuedHashes
from orkeon_engine.ports.code_index import CodeIndex
from orkeon_engine.ports.code_navigation import CodeNavigation
from orkeon_engine.ports.files import Files
from orkeon_engine.tools.base import Tool

CODE_READ_TOOL_NAMES: tuple[str, ...] = (
    "index_status", "index_codebase", "incremental_reindex", "codebase_map", "dependency_graph",
    "package_summary", "codebase_search", "node_outline", "node_read", "goto_definition", "find_references",
)
CODE_EDIT_TOOL_NAMES: tuple[str, ...] = ("node_replace", "edit_batch")
CODE_TOOL_NAMES: tuple[str, ...] = CODE_READ_TOOL_NAMES + CODE_EDIT_TOOL_NAMES


def build_code_tools(files: Files, index: CodeIndex, navigation: CodeNavigation | None) -> list[Tool[Any]]:
    """The code tools in CODE_TOOL_NAMES order (the two navigation tools only with a navigation)."""
    from orkeon_engine.tools.index_tools import (
        CodebaseMapTool,
        CodebaseSearchTool,
        DependencyGraphTool,
        IncrementalReindexTool,
        IndexCodebaseTool,
        IndexStatusTool,
        PackageSummaryTool,
    )
    from orkeon_engine.tools.navigation_tools import FindReferencesTool, GotoDefinitionTool
    from orkeon_engine.tools.node_tools import (
        EditBatchTool,
        NodeOutlineTool,
        NodeReadTool,
        NodeReplaceTool,
        NodeWorkbench,
    )

    bench = NodeWorkbench(files, index, IssuedHashes())
    tools: list[Tool[Any]] = [
        IndexStatusTool(index),
        IndexCodebaseTool(index),
        IncrementalReindexTool(files, index),
        CodebaseMapTool(files, index),
        DependencyGraphTool(files, index),
        PackageSummaryTool(files, index),
        CodebaseSearchTool(files, index),
        NodeOutlineTool(bench),
        NodeReadTool(bench),
    ]
    if navigation is not None:
        tools += [GotoDefinitionTool(files, index, navigation), FindReferencesTool(files, index, navigation)]
    tools += [NodeReplaceTool(bench), EditBatchTool(bench)]
    return tools
