import pytest

from orkeon_engine.commands.session.context_files import ARGS_DROP, ARGS_PIN, run_add, run_drop, run_read_only
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ArgumentError, parse_args
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from tests.support.deps import make_deps
from tests.support.doubles.fake_files import FakeFiles


def _pin(*tokens):
    return parse_args("add", ARGS_PIN, list(tokens))


def _drop(*tokens):
    return parse_args("drop", ARGS_DROP, list(tokens))


async def _deps(cwd=None):
    files = FakeFiles({"src/a.py": "print('a')\n", "src/b.py": "b = 1\n", "docs/spec.md": "# Spec\n",
                       ".env": "KEY=sk-live-1\n"})
    return await make_deps(vfs=files, workspace=WorkspaceInfo("/repo", "/repo", True, cwd=cwd))


async def test_add_pins_a_file_and_lists_the_pinned_files_with_their_tokens():
    deps = await _deps()

    view = await run_add(_pin("src/a.py"), deps)

    assert view.table.rows == (("src/a.py", "editable", "16"),)
    assert view.message.startswith("pinned src/a.py (editable). 1 file pinned, about 16 of ")
    assert view.data["files"] == [{"path": "/workspace/src/a.py", "readOnly": False, "tokens": 16, "leftOut": ""}]


async def test_read_only_pins_the_files_a_glob_matches_for_reference():
    deps = await _deps()

    view = await run_read_only(_pin("src/*.py"), deps)

    assert [row[:2] for row in view.table.rows] == [("src/a.py", "read-only"), ("src/b.py", "read-only")]


async def test_a_path_is_read_from_the_persons_folder():
    deps = await _deps(cwd="/repo/src")

    view = await run_add(_pin("a.py", "../docs/spec.md"), deps)

    assert [f["path"] for f in view.data["files"]] == ["/workspace/src/a.py", "/workspace/docs/spec.md"]
    assert view.table.rows[0][0] == "a.py"


async def test_a_path_outside_the_workspace_is_refused_naming_it():
    deps = await _deps()

    with pytest.raises(CommandFailedError, match=r"cannot pin \.\./etc/passwd: /etc/passwd is outside the "
                                                 r"workspace \(/repo\)"):
        await run_add(_pin("../etc/passwd"), deps)


async def test_an_env_file_is_refused_by_the_secrets_rule_set():
    deps = await _deps()

    with pytest.raises(CommandFailedError, match=r"cannot pin \.env: refused by the rule \*\(\.env\) "
                                                 r"\(rule set secrets\)"):
        await run_add(_pin(".env"), deps)


async def test_add_needs_a_path():
    with pytest.raises(ArgumentError):
        _pin()


async def test_drop_without_a_path_drops_every_file():
    deps = await _deps()
    await run_add(_pin("src/a.py", "docs/spec.md"), deps)

    view = await run_drop(_drop(), deps)

    assert view.message == "dropped src/a.py, docs/spec.md. No file is pinned. `/add <path>` pins one."


async def test_drop_of_one_file_keeps_the_others():
    deps = await _deps()
    await run_add(_pin("src/a.py", "docs/spec.md"), deps)

    view = await run_drop(_drop("src/a.py"), deps)

    assert view.table.rows == (("docs/spec.md", "editable", "16"),)
