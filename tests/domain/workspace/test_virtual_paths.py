import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.workspace.virtual_paths import VirtualPathError, printable, resolve_virtual

MOUNTS = ["/workspace", "/output", "/tmp", "/prompts", "/prompts/crews"]


def test_a_relative_path_resolves_under_the_workspace():
    assert resolve_virtual("src/app.py", MOUNTS).text == "/workspace/src/app.py"


def test_dots_and_doubled_slashes_are_dropped_and_inner_dot_dots_are_followed():
    assert resolve_virtual("/workspace//src/./lib/../app.py", MOUNTS).text == "/workspace/src/app.py"


def test_the_mount_itself_resolves_with_no_parts():
    found = resolve_virtual("/output/", MOUNTS)

    assert (found.mount, found.parts, found.text) == ("/output", (), "/output")


def test_the_longest_mount_root_wins():
    assert resolve_virtual("/prompts/crews/review.md", MOUNTS).mount == "/prompts/crews"


@pytest.mark.parametrize("path", ["/prompts/./crews/review.md", "/prompts/a/../crews/review.md",
                                  "/prompts//crews/review.md"])
def test_a_path_spelt_around_an_inner_mount_still_ends_under_it(path):
    found = resolve_virtual(path, MOUNTS)

    assert (found.mount, found.parts) == ("/prompts/crews", ("review.md",))


def test_dot_dot_leaving_the_workspace_from_a_relative_path_is_refused():
    with pytest.raises(VirtualPathError, match=r"'\.\.' leaves the mount /workspace"):
        resolve_virtual("../secrets.txt", MOUNTS)


def test_dot_dot_into_another_mount_is_refused_too():
    with pytest.raises(VirtualPathError, match="leaves the mount /workspace"):
        resolve_virtual("/workspace/src/../../output/x", MOUNTS)


def test_an_absolute_host_path_is_refused_naming_the_mounts():
    with pytest.raises(VirtualPathError) as caught:
        resolve_virtual("/etc/passwd", MOUNTS)

    assert caught.value.path == "/etc/passwd"
    assert "absolute host paths are refused" in caught.value.reason and "/workspace" in caught.value.reason


def test_a_project_file_written_from_the_root_is_refused_with_its_spellings_under_the_workspace():
    with pytest.raises(VirtualPathError) as caught:
        resolve_virtual("/inventory//settings.py", MOUNTS)

    assert caught.value.reason.endswith("a project file is named from the project's root (inventory/settings.py) "
                                        "or under /workspace (/workspace/inventory/settings.py)")


@pytest.mark.parametrize("path", ["/home/ann/app/calc.py", "/etc/passwd", "/Users/ann/app/calc.py"])
def test_a_host_path_gets_no_project_spelling(path):
    with pytest.raises(VirtualPathError) as caught:
        resolve_virtual(path, MOUNTS)

    assert "project" not in caught.value.reason and caught.value.reason.endswith("use a virtual path")


def test_without_a_workspace_mount_no_project_spelling_is_offered():
    with pytest.raises(VirtualPathError) as caught:
        resolve_virtual("/inventory/settings.py", ["/output", "/tmp"])

    assert "project" not in caught.value.reason and "/output, /tmp" in caught.value.reason


def test_a_name_that_only_starts_like_a_mount_is_not_under_it():
    with pytest.raises(VirtualPathError, match="not under a mount"):
        resolve_virtual("/workspaces/x", MOUNTS)


@pytest.mark.parametrize("name", ["a\x00b.txt", "a\nb.txt", "a\rb.txt"])
def test_a_nul_or_line_break_in_a_name_is_refused_and_shown_escaped(name):
    with pytest.raises(VirtualPathError) as caught:
        resolve_virtual(name, MOUNTS)

    assert "NUL or a line break" in caught.value.reason
    assert "\n" not in str(caught.value) and "\x00" not in str(caught.value)


def test_printable_escapes_control_characters():
    assert printable("a\nb\x00") == "a\\nb\\0"


@given(st.text())
def test_any_text_resolves_inside_a_mount_or_is_refused(path):
    try:
        found = resolve_virtual(path, MOUNTS)
    except VirtualPathError:
        return
    assert found.mount in MOUNTS and ".." not in found.parts and "." not in found.parts
    assert found.text == found.mount or found.text.startswith(found.mount + "/")
    holding = [m for m in MOUNTS if found.text == m or found.text.startswith(m + "/")]
    assert found.mount == max(holding, key=len), "the longest mount that holds the path"
