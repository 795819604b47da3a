from orkeon_engine.crews.git_commit.paths import select_paths
from orkeon_engine.domain.git.git import StatusEntry

STATUS = [
    StatusEntry("src/a.py", " M"),
    StatusEntry("src/b.py", "??"),
    StatusEntry("docs/readme.md", "M "),
    StatusEntry(".orkeon/local/output/report.md", "??"),
    StatusEntry("lib/new.py", "R ", original="src/old.py"),
]


def test_with_no_path_named_every_listed_path_is_taken_but_the_work_folder():
    selection = select_paths(STATUS)

    assert [e.path for e in selection.entries] == ["src/a.py", "src/b.py", "docs/readme.md", "lib/new.py"]
    assert selection.left_out == (".orkeon/local/output/report.md",)


def test_named_folders_take_only_the_paths_under_them():
    selection = select_paths(STATUS, ["docs"])

    assert selection.files == ("docs/readme.md",)


def test_a_path_inside_the_work_folder_is_taken_when_named():
    selection = select_paths(STATUS, [".orkeon/local/output"])

    assert selection.files == (".orkeon/local/output/report.md",)
    assert selection.left_out == ()


def test_naming_the_folder_above_the_work_folder_still_leaves_it_out():
    selection = select_paths(STATUS, [".orkeon"])

    assert selection.entries == ()
    assert selection.left_out == (".orkeon/local/output/report.md",)


def test_a_rename_brings_its_source_so_the_removal_is_committed_too():
    selection = select_paths(STATUS, ["src/old.py"])

    assert selection.files == ("src/old.py", "lib/new.py")
    assert selection.tracked_files == ("src/old.py", "lib/new.py")


def test_a_rename_already_in_the_index_is_staged_without_its_source():
    selection = select_paths(STATUS, ["lib"])

    assert selection.to_stage == ("lib/new.py",)
    assert selection.files == ("src/old.py", "lib/new.py")


def test_new_and_tracked_files_are_told_apart():
    selection = select_paths(STATUS, ["src"])

    assert selection.new_files == ("src/b.py",)
    assert selection.tracked_files == ("src/a.py", "src/old.py", "lib/new.py")


def test_a_named_path_that_matches_nothing_is_reported():
    selection = select_paths(STATUS, ["src/a.py", "nowhere"])

    assert selection.files == ("src/a.py",)
    assert selection.unmatched == ("nowhere",)


def test_a_similar_prefix_is_not_a_folder():
    selection = select_paths([StatusEntry("srcx/a.py", " M")], ["src"])

    assert selection.entries == ()


WORK = [StatusEntry("src/a.py", " M"), StatusEntry(".orkeon/work/cart/spec.md", "??"),
        StatusEntry("docs/work/cart/brief.md", "??")]


def test_the_dev_work_folder_is_left_out_of_a_commit_of_everything():
    selection = select_paths(WORK)

    assert selection.files == ("src/a.py", "docs/work/cart/brief.md")
    assert selection.left_out == (".orkeon/work/cart/spec.md",)


def test_a_moved_work_folder_is_the_one_left_out():
    selection = select_paths(WORK, left_out_folders=(".orkeon/local", "docs/work"))

    assert selection.left_out == ("docs/work/cart/brief.md",)


def test_a_path_named_inside_the_work_folder_is_taken_and_said_so():
    selection = select_paths(WORK, [".orkeon/work/cart"])

    assert selection.files == (".orkeon/work/cart/spec.md",) and selection.named_inside == selection.files
