"""What code can tell of a change's commit type before the model chooses (issue 52 point 4)."""

import pytest

from orkeon_engine.crews.git_commit.change_kind import allowed_types, path_kind
from orkeon_engine.crews.git_commit.message import COMMIT_TYPES
from orkeon_engine.domain.git.git import StatusEntry


def _types(paths, diff="", new=(), codes=None):
    entries = [StatusEntry(path, (codes or {}).get(path, " M")) for path in paths]
    return allowed_types(entries, diff, new, COMMIT_TYPES)


@pytest.mark.parametrize(("path", "kind"), [
    ("README.md", "docs"), ("docs/usage.rst", "docs"), ("CHANGELOG", "docs"), ("LICENSE.txt", "docs"),
    ("tests/test_cart.py", "test"), ("src/cart_test.go", "test"), ("web/cart.test.js", "test"),
    ("tests/fixtures/README.md", "test"), ("conftest.py", "test"),
    ("pyproject.toml", "build"), ("requirements-dev.txt", "build"), ("package-lock.json", "build"),
    ("Makefile", "build"), ("Dockerfile", "build"),
    (".github/workflows/ci.yml", "ci"), (".gitlab-ci.yml", "ci"), (".ci/run", "ci"),
    ("shop/cart.py", "code"), ("src/index.js", "code"), ("contest.py", "code"),
])
def test_a_path_says_what_kind_of_file_it_is(path, kind):
    assert path_kind(path) == kind


def test_only_docs_is_docs_only_tests_is_test_only_build_is_build():
    assert _types(["README.md", "docs/a.md"]) == ("docs",)
    assert _types(["tests/test_cart.py"]) == ("test",)
    assert _types(["pyproject.toml"]) == ("build",)
    assert _types([".github/workflows/ci.yml"]) == ("ci",)
    assert _types(["pyproject.toml", ".github/workflows/ci.yml"]) == ("build", "ci")


def test_one_name_replaced_throughout_is_a_refactor():
    diff = ("--- a/shop/cart.py\n+++ b/shop/cart.py\n@@ -1,3 +1,3 @@\n-def total(items):\n+def cart_total(items):\n"
            "     return sum(items)\n-print(total([1]))\n+print(cart_total([1]))\n")

    assert _types(["shop/cart.py"], diff) == ("refactor",)


def test_two_different_replacements_are_no_pure_rename():
    diff = "-def total(items):\n+def cart_total(items):\n-    return 1\n+    return 2\n"

    assert _types(["shop/cart.py"], diff) == COMMIT_TYPES


def test_a_file_moved_without_a_changed_line_is_a_refactor():
    entries = [StatusEntry("lib/parser.py", "R ", original="src/parser.py")]

    assert allowed_types(entries, "", (), COMMIT_TYPES) == ("refactor",)


def test_code_that_only_gains_a_public_definition_is_a_feature():
    diff = "@@ -3,0 +4,3 @@\n+\n+def average(values):\n+    return sum(values) / len(values)\n"

    assert _types(["shop/stats.py"], diff) == ("feat",)
    assert _types(["shop/stats.py", "tests/test_stats.py"], diff) == ("feat",)


def test_a_private_helper_or_a_changed_line_leaves_every_type_open():
    assert _types(["shop/stats.py"], "+def _average(values):\n+    return 0\n") == COMMIT_TYPES
    assert _types(["shop/stats.py"], "-    return a < b\n+    return a <= b\n") == COMMIT_TYPES


def test_a_new_file_with_an_exported_function_is_a_feature():
    assert _types(["web/format.js"], "", ["export function money(cents) {\n  return cents / 100;\n}\n"],
                  {"web/format.js": "??"}) == ("feat",)
