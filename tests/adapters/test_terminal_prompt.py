"""The prompt's history: one file per workspace in the user's state folder, never in the repository."""

from pathlib import Path

from orkeon_engine.adapters.terminal_prompt import history_path


def test_each_workspace_has_its_own_history_in_the_users_state_folder(tmp_path):
    environ = {"XDG_STATE_HOME": str(tmp_path / "state")}
    one, other = tmp_path / "work" / "app", tmp_path / "clone" / "app"

    first = history_path(one, environ)

    assert first.parent == tmp_path / "state" / "orkeon" / "history"
    assert first == history_path(one, environ) != history_path(other, environ)
    assert first.name.startswith("app-") and not first.is_relative_to(one)


def test_without_xdg_state_home_the_platforms_state_folder_holds_it(tmp_path):
    path = history_path(tmp_path, {})

    assert "orkeon" in path.parts and not path.is_relative_to(tmp_path) and isinstance(path, Path)


def test_tab_offers_commands_modes_and_paths_from_the_disk(tmp_path, monkeypatch):
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from orkeon_engine.adapters.terminal_prompt import LineCompleter
    from orkeon_engine.commands.catalogue import CATALOGUE
    from orkeon_engine.domain.ui.line_completion import CommandWords

    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "parser.py").write_text("x = 1\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    completer = LineCompleter([CommandWords(e.name, e.args, e.description) for e in CATALOGUE], ["exit"])

    def offered(text: str) -> list[str]:
        return [c.text for c in completer.get_completions(Document(text), CompleteEvent(completion_requested=True))]

    assert offered("/mode ac") == ["acceptEdits"]
    assert offered("explain src/pa") == ["rser.py"]  # the rest of the file's name, after what was typed
    assert "/exit" in offered("/ex")
