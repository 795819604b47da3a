from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.workspace.workspace import WorkspaceInfo, shown_path, typed_path


def test_a_file_inside_the_person_s_folder_is_shown_relative_to_it():
    assert shown_path("/home/me/app/.orkeon/local/output/analysis.md", "/home/me/app") == \
        ".orkeon/local/output/analysis.md"


def test_a_file_far_from_the_person_s_folder_is_shown_absolute():
    assert shown_path("/tmp/x.md", "/home/me/app/src/deep/er") == "/tmp/x.md"


def test_a_file_just_above_is_shown_relative_when_that_is_shorter():
    assert shown_path("/home/me/app/AGENTS.md", "/home/me/app/src") == "../AGENTS.md"


def test_a_typed_path_is_read_from_the_person_s_folder():
    assert typed_path("notes/chat.md", "/home/me/app/src") == "/home/me/app/src/notes/chat.md"


def test_a_typed_absolute_path_stays_as_typed():
    assert typed_path("/tmp/x.md", "/home/me/app") == "/tmp/x.md"


def test_a_tilde_is_the_home_folder():
    assert typed_path("~/chat.md", "/srv", home="/home/me") == "/home/me/chat.md"


def test_here_is_the_current_folder_else_the_root():
    assert WorkspaceInfo("/app", None, True, cwd="/app/src").here == "/app/src"
    assert WorkspaceInfo("/app", None, True).here == "/app"


segments = st.lists(st.text(alphabet="abc._-", min_size=1).filter(lambda s: s not in (".", "..")), max_size=4)


@given(segments, segments)
def test_a_shown_path_leads_back_to_the_file_from_the_person_s_folder(file_parts, base_parts):
    path = "/" + "/".join(["root", *file_parts])
    base = "/" + "/".join(["root", *base_parts])

    shown = shown_path(path, base)

    assert typed_path(shown, base) == path.rstrip("/") and len(shown) <= len(path)
