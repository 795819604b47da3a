"""The source lines a failure points at by `path:line:column`, quoted under the line naming them: only code
files inside the project, at most a few, each once."""

from __future__ import annotations

from orkeon_engine.domain.checks.failure_quotes import MAX_QUOTED, pointed_places, quoted_failure

TEST = ("const { truncate } = require('../slugs');\n\ntest('limit', () => {\n"
        "  assert.equal(truncate(LONG).length, 40);\n});\n")
FAILURE = ("not ok 4 - the default limit\n  error: |-\n    41 !== 40\n  stack: |-\n"
           "    TestContext.<anonymous> (test/slugs.test.js:4:10)\n# fail 1")


def test_a_stack_line_gets_the_source_line_it_names_quoted_under_it():
    quoted = quoted_failure(FAILURE, {"test/slugs.test.js": TEST})

    assert ("    TestContext.<anonymous> (test/slugs.test.js:4:10)\n"
            "      > 4 | assert.equal(truncate(LONG).length, 40);\n# fail 1") in quoted


def test_a_place_is_quoted_once_and_a_file_not_read_or_a_line_past_its_end_leaves_the_failure_as_it_was():
    twice = FAILURE + "\n  at (test/slugs.test.js:4:10)"

    assert quoted_failure(twice, {"test/slugs.test.js": TEST}).count("> 4 |") == 1
    assert quoted_failure(FAILURE, {}) == FAILURE
    assert quoted_failure(FAILURE.replace(":4:10", ":99:1"), {"test/slugs.test.js": TEST}) == FAILURE.replace(
        ":4:10", ":99:1")


def test_only_relative_code_files_outside_secret_paths_are_pointed_at():
    text = ("/etc/hosts.py:1:1 ../outside.js:2:3 src/../../up.js:1:1 .env:1:1 config/.env.js:1:1 keys/id.pem:1:1 "
            "notes.txt:3:1 node:internal/test:5:1 pytest_style.py:12: AssertionError src/lib.rs:10:5 ./a.ts:2:7")

    assert pointed_places(text) == [("src/lib.rs", 10), ("a.ts", 2)]


def test_at_most_a_few_places_are_pointed_at():
    text = " ".join(f"t{n}.js:1:1" for n in range(MAX_QUOTED + 3))

    assert len(pointed_places(text)) == MAX_QUOTED


def test_a_tap_location_naming_the_tests_first_line_is_not_quoted_the_stack_is():
    failure = "not ok 4 - limit\n  location: 'test/slugs.test.js:3:1'\n  stack: |-\n    at (test/slugs.test.js:4:10)"

    assert pointed_places(failure) == [("test/slugs.test.js", 4)]
