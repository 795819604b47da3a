"""The catalogue as the editor clients read it: every command with its arguments, and the VS Code manifest
with one palette command per catalogue entry."""

import json

import pytest

from orkeon_engine.catalogue_export import (
    PALETTE_END,
    PALETTE_PREFIX,
    PALETTE_START,
    catalogue_json,
    palette_markdown,
    render,
    title_of,
    vscode_manifest,
    with_palette,
)
from orkeon_engine.commands.catalogue import CATALOGUE, find_command


def test_the_json_lists_every_command_with_its_server_id():
    commands = catalogue_json()["commands"]

    assert [c["name"] for c in commands] == [e.name for e in CATALOGUE]
    assert all(c["command"] == f"orkeon.{c['name']}" for c in commands)


def test_the_json_carries_each_flag_and_positional():
    config = next(c for c in catalogue_json()["commands"] if c["name"] == "config")
    entry = find_command("config")
    assert entry is not None

    assert [f["name"] for f in config["flags"]] == [f.name for f in entry.args.flags]
    assert [p["name"] for p in config["positionals"]] == [p.name for p in entry.args.positionals]
    assert config["hint"] == entry.hint


def _command(name):
    return next(c for c in catalogue_json()["commands"] if c["name"] == name)


def test_closed_lists_of_values_are_machine_readable_choices():
    mode, review, memory, config = (_command(n) for n in ("mode", "review", "memory", "config"))

    assert mode["positionals"][0]["choices"] == ["show", "next", "default", "acceptEdits", "bypassPermissions", "plan",
                                                 "dontAsk"]
    assert next(f for f in review["flags"] if f["name"] == "lens")["choices"] == [
        "correctness", "security", "performance", "maintainability", "tests"]
    assert memory["positionals"][0]["choices"] == ["list", "add", "show", "remove", "admit", "search"]
    assert "model" in config["positionals"][1]["choices"]


def test_values_known_only_at_run_time_name_their_source():
    resume = _command("resume")

    assert (resume["positionals"][0]["choices"], resume["positionals"][0]["choicesFrom"]) == ([], "sessions")
    assert _command("status")["positionals"] == []


def test_a_command_without_arguments_says_so():
    status = next(c for c in catalogue_json()["commands"] if c["name"] == "status")

    assert status["takesArguments"] is (bool(status["flags"]) or bool(status["positionals"]) or status["freeText"])


def test_the_manifest_has_one_palette_command_per_entry_under_orkeon():
    contributed = vscode_manifest()["contributes"]["commands"]
    palette = {c["command"]: c for c in contributed}

    for entry in CATALOGUE:
        command = palette[PALETTE_PREFIX + entry.name]
        assert command["category"] == "Orkeon"
        assert command["title"] == title_of(entry)


def test_no_two_commands_of_the_palette_share_a_title():
    manifest = vscode_manifest()
    hidden = {m["command"] for m in manifest["contributes"]["menus"]["commandPalette"] if m.get("when") == "false"}
    titles = [c["title"] for c in manifest["contributes"]["commands"] if c["command"] not in hidden]

    assert "orkeon.reviewStaged" in hidden  # the Source Control title's, the same as /review's
    assert len(titles) == len(set(titles)), sorted(t for t in titles if titles.count(t) > 1)


def test_the_manifest_tells_the_extension_which_commands_ask_for_arguments():
    listed = {c["name"]: c for c in vscode_manifest()["orkeon"]["commands"]}

    assert set(listed) == {e.name for e in CATALOGUE}
    assert listed["config"]["takesArguments"] is True
    assert listed["config"]["hint"] == find_command("config").hint  # type: ignore[union-attr]


def test_the_manifest_offers_the_server_the_model_the_mode_the_log_and_extra_options_as_settings():
    settings = vscode_manifest()["contributes"]["configuration"]["properties"]

    assert set(settings) == {"orkeon.server.command", "orkeon.server.args", "orkeon.model", "orkeon.mode",
                             "orkeon.logLevel", "orkeon.askInEditor", "orkeon.initializationOptions"}
    assert settings["orkeon.mode"]["enum"] == ["", "default", "acceptEdits", "bypassPermissions", "plan", "dontAsk"]
    assert settings["orkeon.logLevel"]["enum"] == ["error", "warning", "info", "debug"]


def test_the_manifest_packs_a_bundle_with_its_license_and_repository():
    manifest = vscode_manifest()

    assert manifest["main"] == "./dist/extension.js" and manifest["license"] == "MIT"
    assert manifest["repository"]["directory"] == "editors/vscode"
    assert "--bundle" in manifest["scripts"]["bundle"] and "vsce package" in manifest["scripts"]["package"]


def test_a_command_with_a_closed_first_argument_carries_its_choices_for_a_quickpick():
    listed = {c["name"]: c for c in vscode_manifest()["orkeon"]["commands"]}

    assert listed["mode"]["choices"][2:] == ["default", "acceptEdits", "bypassPermissions", "plan", "dontAsk"]
    assert listed["status"]["choices"] == []


def test_render_is_json_ending_with_a_newline():
    text = render("json")

    assert text.endswith("}\n")
    assert json.loads(text)["commands"]


def test_an_unknown_format_names_the_accepted_ones():
    with pytest.raises(ValueError, match="accepted: json, vscode"):
        render("yaml")


def test_the_command_table_lists_every_command_with_its_title():
    table = palette_markdown()

    for entry in CATALOGUE:
        assert f"| `/{entry.name}` | Orkeon: {title_of(entry)} | `:Orkeon {entry.name}` |" in table


def test_with_palette_replaces_only_the_text_between_the_markers():
    page = f"intro\n{PALETTE_START}\nold table\n{PALETTE_END}\noutro\n"

    rewritten = with_palette(page)

    assert rewritten == f"intro\n{PALETTE_START}\n{palette_markdown()}\n{PALETTE_END}\noutro\n"


def test_with_palette_refuses_a_page_without_markers():
    with pytest.raises(ValueError, match="no"):
        with_palette("just prose\n")
