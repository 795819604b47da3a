import pytest

from orkeon_engine.domain.context.request_material import (
    MAX_LINES,
    MAX_LINES_A_FILE,
    MAX_NAMED_FILES,
    best_lines,
    defining_lines,
    named_paths,
    search_terms,
    uses_request_search,
)

PROJECT = ("README.md", "calc.py", "test_calc.py", "src/app/main.py", "src/lib/util.py", "tests/util.py")
INVENTORY = [
    ("README.md", "# Inventory\n\nA small inventory service.\n"),
    ("inventory/settings.py", '"""Where the inventory service listens and what it keeps."""\n\nimport os\n\n'
                              "DEFAULT_PORT = 8731\nCACHE_SECONDS = 90\n"),
    ("inventory/server.py", "from inventory import settings\n\n\ndef serve() -> None:\n"
                            "    HTTPServer(('', settings.DEFAULT_PORT), Handler).serve_forever()\n"),
]
QUESTION = "On which port does the inventory service listen by default? Read the code to find out."


@pytest.mark.parametrize("request_text, expected", [
    ("Fix the off-by-one in calc.py.", ("/workspace/calc.py",)),
    ("look at `src/app/main.py`, then /workspace/calc.py", ("/workspace/src/app/main.py", "/workspace/calc.py")),
    ("see ./README.md and main.py", ("/workspace/README.md", "/workspace/src/app/main.py")),
    ("util.py is used in two places", ()),
    ("calc.py and calc.py again", ("/workspace/calc.py",)),
])
def test_a_file_is_named_by_its_path_or_by_a_name_one_project_file_has(request_text, expected):
    assert named_paths(request_text, PROJECT) == expected


@pytest.mark.parametrize("request_text", [
    "print ../calc.py", "read /etc/passwd", "read /workspace/../calc.py", "the file other.py", "e.g. this one",
])
def test_a_path_out_of_the_project_or_not_listed_is_not_named(request_text):
    assert named_paths(request_text, PROJECT) == ()


def test_without_a_listing_a_relative_path_is_kept_for_the_workspace_checks_and_a_parent_never():
    assert named_paths("fix src/a.py, not ../b.py nor /etc/hosts", ()) == ("/workspace/src/a.py",)


def test_at_most_a_few_files_are_named():
    listed = tuple(f"f{index}.py" for index in range(10))

    assert len(named_paths(" ".join(listed), listed)) == MAX_NAMED_FILES


def test_the_search_terms_are_the_words_split_at_case_and_underscores_without_common_ones():
    assert search_terms("Why does parseConfigFile read the DEFAULT_PORT of it?") == (
        "parse", "config", "file", "read", "default", "port")


def test_the_line_that_answers_the_question_comes_first():
    hits = best_lines(search_terms(QUESTION), INVENTORY)

    assert hits[0].render() == 'inventory/settings.py:1: """Where the inventory service listens and what it keeps."""'
    assert "inventory/settings.py:5: DEFAULT_PORT = 8731" in [hit.render() for hit in hits]


def test_a_line_sharing_one_word_of_a_longer_request_is_not_a_lead():
    hits = best_lines(search_terms(QUESTION), [("a.py", "port = 1\nimport os\n")])

    assert hits == []


def test_a_request_of_one_word_finds_the_lines_with_that_word():
    assert [hit.line for hit in best_lines(("port",), [("a.py", "x = 1\nPORT = 2\n")])] == [2]


def test_a_file_gives_a_few_lines_at_most_and_the_search_a_few_in_all():
    many = "\n".join(f"inventory_port_{index} = {index}" for index in range(20))
    texts = [(f"f{index}.py", many) for index in range(5)]

    hits = best_lines(("inventory", "port"), texts)

    assert len(hits) == MAX_LINES
    assert all(sum(1 for hit in hits if hit.path == path) <= MAX_LINES_A_FILE for path, _ in texts)


def test_a_very_long_line_is_not_shown():
    assert best_lines(("inventory", "port"), [("a.min.js", "inventory port " + "x" * 500)]) == []


def test_no_terms_no_lines():
    assert best_lines((), INVENTORY) == []


@pytest.mark.parametrize("setting, core, expected", [
    ("auto", True, True), ("auto", False, False), ("on", False, True), ("off", True, False),
])
def test_the_search_runs_on_request_or_with_the_core_set(setting, core, expected):
    assert uses_request_search(setting, core) is expected


def test_a_line_is_numbered_as_file_read_numbers_it_whatever_the_form_feeds():
    hits = best_lines(("inventory", "port"), [("a.py", "x = 1\n\x0c\ny = 2\ninventory_port = 3\n")])

    assert [hit.line for hit in hits] == [4]


def test_the_names_a_lead_uses_bring_the_lines_where_they_are_assigned_two_hops_at_most():
    texts = [("shop/config.py", 'import os\n\nPORT = int(os.environ.get("SHOP_PORT", DEFAULT_PORT))\n'),
             ("shop/defaults.py", "BASE = 8000\nDEFAULT_PORT = BASE + OFFSET\nOFFSET = 731\nUNUSED = 1\n"),
             ("web/app.js", "export const DEFAULT_PORT = 3000;\n")]
    leads = best_lines(search_terms("which port does the shop use when SHOP_PORT is unset"), texts)

    found = defining_lines(leads, texts)

    assert [hit.line for hit in leads] == [3]
    assert [hit.render() for hit in found] == ["shop/defaults.py:2: DEFAULT_PORT = BASE + OFFSET",
                                               "shop/defaults.py:1: BASE = 8000", "shop/defaults.py:3: OFFSET = 731"]


def test_a_lead_brings_no_line_for_its_own_name_nor_for_a_name_nobody_assigns():
    texts = [("a.py", "LIMIT = compute(10)\n")]

    assert defining_lines(best_lines(search_terms("limit"), texts), texts) == []
