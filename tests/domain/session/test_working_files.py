from orkeon_engine.domain.session.history import RESTORED_FILE
from orkeon_engine.domain.session.working_files import (
    MAX_WORKING_FILES,
    note_working_files,
    plan_restore,
    touched_paths,
)


def test_the_file_tools_calls_name_the_paths_in_order():
    calls = [("file_read", {"path": "a.py"}), ("shell_command", {"command": "ls"}), ("file_write", {"path": "b.py"}),
             ("file_read", {"path": 3})]

    assert touched_paths(calls) == ["a.py", "b.py"]


def test_the_working_files_keep_the_most_recent_last_each_once_and_are_capped():
    files = note_working_files(["a", "b"], ["a", *[f"f{i}" for i in range(MAX_WORKING_FILES)]])

    assert len(files) == MAX_WORKING_FILES and files[-1] == f"f{MAX_WORKING_FILES - 1}" and "b" not in files


def test_a_bad_state_value_starts_an_empty_list():
    assert note_working_files("oops", ["a"]) == ["a"]


def test_files_are_restored_whole_while_the_budget_lasts_and_a_large_one_is_named_never_cut():
    files = [("/workspace/old.py", "o" * 400), ("/workspace/big.py", "b" * 4_000), ("/workspace/new.py", "n" * 400)]

    plan = plan_restore(files, budget=150, file_limit=500)

    assert plan.restored == ("/workspace/new.py",)
    assert plan.named == ("/workspace/old.py", "/workspace/big.py")
    assert all(e.kind == RESTORED_FILE for e in plan.entries)
    assert "n" * 400 in plan.entries[2].text and "b" * 100 not in plan.entries[1].text
    assert "read it again with file_read" in plan.entries[1].text


def test_a_file_that_cannot_be_read_is_named():
    plan = plan_restore([("/workspace/gone.py", None)], budget=1_000, file_limit=1_000)

    assert plan.named == ("/workspace/gone.py",) and "cannot be read any more" in plan.entries[0].text
