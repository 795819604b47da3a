"""The workspace root: the first workspace folder, else rootUri, else rootPath, else the working folder."""

from __future__ import annotations

import os

from lsprotocol import types

from orkeon_lsp.features.lifecycle import workspace_root


def params(**fields) -> types.InitializeParams:
    return types.InitializeParams(capabilities=types.ClientCapabilities(), **fields)


def test_the_first_workspace_folder_wins_and_the_others_are_noted():
    root, notes = workspace_root(params(
        root_uri="file:///elsewhere",
        workspace_folders=[types.WorkspaceFolder(uri="file:///repo/a", name="a"),
                           types.WorkspaceFolder(uri="file:///repo/b", name="b")],
    ))

    assert str(root) == "/repo/a" and "several workspace folders" in notes[0]


def test_root_uri_then_root_path_then_the_working_folder():
    assert workspace_root(params(root_uri="file:///repo/x"))[0].as_posix() == "/repo/x"
    assert workspace_root(params(root_path="/repo/y"))[0].as_posix() == "/repo/y"
    root, notes = workspace_root(params())
    assert str(root) == os.getcwd() and "no workspace folder" in notes[0]
