"""The editor clients follow the catalogue: the VS Code manifest and the command table of docs/editors.md
are the generated ones, every command has a palette title, and the Neovim plugin's files are where its
README says."""

import json
from pathlib import Path

from orkeon_engine.catalogue_export import COMMAND_NAMES_MODULE, TITLES, command_names_module, render, with_palette
from orkeon_engine.commands.catalogue import CATALOGUE

ROOT = Path(__file__).resolve().parents[2]
VSCODE = ROOT / "editors" / "vscode"
NVIM = ROOT / "editors" / "nvim"


def test_the_vscode_manifest_is_the_one_the_catalogue_generates():
    on_disk = (VSCODE / "package.json").read_text(encoding="utf-8")

    assert on_disk == render("vscode"), "editors/vscode/package.json is stale: run `python -m orkeon_engine.docs_gen`"


def test_the_command_table_of_the_editors_page_is_the_one_the_catalogue_generates():
    on_disk = (ROOT / "docs" / "editors.md").read_text(encoding="utf-8")

    assert on_disk == with_palette(on_disk), "docs/editors.md is stale: run `python -m orkeon_engine.docs_gen`"


def test_the_command_names_the_server_lists_at_initialize_are_the_catalogues():
    on_disk = (ROOT / COMMAND_NAMES_MODULE).read_text(encoding="utf-8")

    assert on_disk == command_names_module(), f"{COMMAND_NAMES_MODULE} is stale: run `python -m orkeon_engine.docs_gen`"


def test_every_command_has_a_palette_title_in_the_persons_words():
    missing = [entry.name for entry in CATALOGUE if entry.name not in TITLES]

    assert missing == [], f"add a title to TITLES in orkeon_engine/catalogue_export.py for: {', '.join(missing)}"


def test_the_lock_file_pins_the_dependency_the_manifest_names():
    manifest = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((VSCODE / "package-lock.json").read_text(encoding="utf-8"))

    assert lock["packages"][""]["dependencies"] == manifest["dependencies"]
    assert lock["packages"][""]["devDependencies"] == manifest["devDependencies"]
    pinned = set(lock["packages"])
    assert {"node_modules/vscode-languageclient", "node_modules/esbuild", "node_modules/@vscode/vsce"} <= pinned


def test_the_vsix_carries_a_license():
    assert "MIT License" in (VSCODE / "LICENSE").read_text(encoding="utf-8")


def test_node_modules_is_never_committed():
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()

    assert "node_modules/" in ignored


def test_the_neovim_plugin_has_its_entry_points():
    assert (NVIM / "plugin" / "orkeon.lua").is_file()
    assert (NVIM / "lua" / "orkeon" / "init.lua").is_file()
