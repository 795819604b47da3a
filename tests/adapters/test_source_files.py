import subprocess

from orkeon_engine.adapters.source_files import list_source_files
from tests.support.code_projects import copy_project


def test_in_a_repository_git_decides_what_is_ignored(tmp_path):
    root = copy_project(tmp_path, git=True)

    listing = list_source_files(root)

    assert listing.via_git
    assert "generated/schema.py" not in {f.path for f in listing.files}


def test_vendored_files_git_lists_are_counted_as_left_out(tmp_path):
    root = copy_project(tmp_path, git=True)

    listing = list_source_files(root)

    assert listing.ignored == 3
    assert not any(f.path.startswith(("web/node_modules/", "build/", ".venv/")) for f in listing.files)


def test_outside_git_the_walk_counts_unparsed_files_by_extension(tmp_path):
    root = copy_project(tmp_path, git=False)

    listing = list_source_files(root)

    assert not listing.via_git
    assert listing.unsupported[".md"] == 1


def test_a_folder_its_enclosing_repository_ignores_is_walked(tmp_path):
    outer = tmp_path / "outer"
    outer.mkdir()
    (outer / ".gitignore").write_text("tools/\n")
    root = copy_project(outer / "tools", git=False)
    subprocess.run(["git", "init", "-q", str(outer)], check=True)

    listing = list_source_files(root)

    assert "shop/models.py" in {f.path for f in listing.files}
