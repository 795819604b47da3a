import json

import pytest
from todo import cli, storage


@pytest.fixture
def path(tmp_path, monkeypatch):
    monkeypatch.delenv("TODO_FILE", raising=False)
    return tmp_path / "list.json"


def test_add_keeps_the_item(path):
    assert (cli.run(["add", "  buy milk "], path), storage.load(path)) == (
        ["added 1"], [{"text": "buy milk", "done": False}])


def test_a_command_is_required(path):
    with pytest.raises(SystemExit):
        cli.run([], path)


def test_add_refuses_an_empty_text(path):
    assert (cli.run(["add", "   "], path), storage.load(path)) == (["nothing to add"], [])


def test_add_refuses_a_text_over_eighty_characters(path):
    assert (cli.run(["add", "x" * 81], path), cli.run(["add", "x" * 80], path)) == (
        ["too long: at most 80 characters"], ["added 1"])


def test_list_shows_the_open_items_numbered(path):
    for text in ("one", "two", "three"):
        cli.run(["add", text], path)
    cli.run(["done", "2"], path)
    assert cli.run(["list"], path) == ["1. [ ] one", "3. [ ] three"]


def test_list_all_marks_the_done_ones(path):
    cli.run(["add", "one"], path)
    cli.run(["add", "two"], path)
    assert (cli.run(["done", "1"], path), cli.run(["list", "--all"], path)) == (
        ["done 1"], ["1. [x] one", "2. [ ] two"])


def test_done_of_a_missing_number(path):
    cli.run(["add", "one"], path)
    assert (cli.run(["done", "2"], path), cli.run(["done", "0"], path), cli.run(["done", "1"], path)) == (
        ["no item 2"], ["no item 0"], ["done 1"])


def test_list_pages_by_five(path):
    for number in range(1, 8):
        cli.run(["add", f"item {number}"], path)
    first = cli.run(["list"], path)
    second = cli.run(["list", "--page", "2"], path)
    assert (len(first), first[0], first[-1], second) == (5, "1. [ ] item 1", "5. [ ] item 5",
                                                         ["6. [ ] item 6", "7. [ ] item 7"])


def test_main_prints_the_lines(path, capsys, monkeypatch):
    monkeypatch.setenv("TODO_FILE", str(path))
    cli.main(["add", "walk"])
    cli.main(["list"])
    assert capsys.readouterr().out == "added 1\n1. [ ] walk\n"


def test_the_list_file_is_indented_json(path):
    cli.run(["add", "one"], path)
    assert path.read_text(encoding="utf-8") == json.dumps([{"text": "one", "done": False}], indent=2) + "\n"


def test_the_default_list_file(tmp_path, monkeypatch):
    monkeypatch.delenv("TODO_FILE", raising=False)
    monkeypatch.chdir(tmp_path)
    cli.run(["add", "one"])
    assert (tmp_path / "todo.json").exists()
