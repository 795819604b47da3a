import pytest

from orkeon_engine.domain.permissions.paths import (
    PathPatternError,
    check_path_pattern,
    compile_path_pattern,
    locate,
    workspace_relative,
)


@pytest.mark.parametrize(
    ("pattern", "path", "expected"),
    [
        (".env", "/workspace/.env", True),
        (".env", "/workspace/services/api/.env", True),
        (".env", "/workspace/.env.example", False),
        ("*.pem", "/workspace/certs/server.pem", True),
        ("src/**", "/workspace/src/a/b.py", True),
        ("src/**", "/workspace/lib/src/b.py", False),
        ("/setup.py", "/workspace/setup.py", True),
        ("/setup.py", "/workspace/pkg/setup.py", False),
        ("node_modules/", "/workspace/web/node_modules/react/index.js", True),
        ("docs/*.md", "/workspace/docs/a.md", True),
        ("docs/*.md", "/workspace/docs/sub/a.md", False),
        ("docs/**/*.md", "/workspace/docs/sub/deep/a.md", True),
        ("**/fixtures", "/workspace/tests/fixtures/x.json", True),
        ("a?.txt", "/workspace/ab.txt", True),
        ("[ab].txt", "/workspace/c.txt", False),
        ("build", "/workspace/build/out.o", True),
    ],
)
def test_patterns_match_as_in_a_gitignore(pattern, path, expected):
    assert compile_path_pattern(pattern).matches(path) is expected


def test_a_floating_pattern_matches_outside_the_workspace_and_an_anchored_one_does_not():
    assert compile_path_pattern("id_rsa").matches("/home/dev/.ssh/id_rsa")
    assert compile_path_pattern("id_rsa").matches("~/.ssh/id_rsa")
    assert not compile_path_pattern("tmp/**").matches("/tmp/notes.txt")


def test_a_relative_path_is_read_under_the_workspace_and_dot_dot_can_leave_it():
    assert locate("src/a.py") == ("src/a.py", True)
    assert workspace_relative("/workspace/./src/../a.py") == "a.py"
    assert workspace_relative("/workspace/../etc/passwd") is None
    assert locate("/workspace") is None


@pytest.mark.parametrize(
    ("pattern", "offset", "reason"),
    [
        ("", 0, "empty"),
        ("!keep.txt", 0, "negate"),
        ("src/../x", 4, "'..'"),
        ("a\tb", 1, "control character"),
        ("[z-a]", 0, "character class"),
    ],
)
def test_an_unusable_pattern_is_refused_with_where_and_why(pattern, offset, reason):
    with pytest.raises(PathPatternError) as caught:
        compile_path_pattern(pattern)

    assert caught.value.offset == offset and reason in caught.value.reason


def test_a_usable_pattern_passes_the_check():
    check_path_pattern("src/**/*.py")
