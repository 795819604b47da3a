"""The changes made by code: a rename reaches every use and nothing else, a refactor keeps the text's meaning,
and the commit kinds change what their name says (values read from the code)."""

from __future__ import annotations

import ast

from devtools.eval import changes
from devtools.eval.projects import Project, load

PYTHON = '''"""m."""

from pkg.mod import total


def total_of(prices, total_key="total"):
    result = 0
    for price in prices:
        result += price
    return {"total": result, total_key: result}


def use(data):
    return total(data.total) + total_of(data)
'''


def _project(files: dict[str, str], language: str = "python") -> Project:
    return Project("sample", language, files, ())


def test_a_function_rename_reaches_the_tests_and_the_export_in_javascript_but_no_string() -> None:
    change = next(c for c in changes.function_renames(load("slugs")) if c.what == "countWords to wordCount")

    source, tests = change.files["slugs.js"], change.files["test/slugs.test.js"]
    assert ("countWords" not in source, "wordCount," in source, "slugs.wordCount('one')" in tests,
            "slugs.countWords" in tests, "test('countWords counts" in tests) == (True, True, True, False, True)


def test_a_python_function_rename_renames_the_import_and_the_calls_but_no_string() -> None:
    files = {"pkg/mod.py": "def total(x):\n    return x\n", "use.py": PYTHON}
    change = next(c for c in changes.function_renames(_project(files)) if c.what == "total to sum_prices")

    text = change.files["use.py"]
    assert ("from pkg.mod import sum_prices" in text, "sum_prices(data.total)" in text, '"total"' in text,
            "def total_of" in text) == (True, True, True, True)


def test_a_local_rename_keeps_attributes_keys_and_other_functions() -> None:
    change = next(c for c in changes.local_renames(_project({"use.py": PYTHON})) if c.what == "result in total_of")

    text = change.files["use.py"]
    assert (text.count("running_total"), "result" in text) == (4, False)


def test_an_extracted_return_names_the_expression_and_returns_the_name() -> None:
    extracted = changes.extracted_returns(_project({"use.py": PYTHON}))
    text = next(c for c in extracted if c.what == "in use").files["use.py"]

    assert "    value = total(data.total) + total_of(data)\n    return value\n" in text
    ast.parse(text)


def test_the_constant_tests_hold_the_values_the_code_sets() -> None:
    text = changes.constant_tests(load("inventory"))[0].files["tests/test_constants.py"]

    assert "assert inventory.settings.DEFAULT_PORT == 8731" in text and "import inventory.settings" in text


def test_a_new_function_builds_on_an_existing_one() -> None:
    feature = next(c for c in changes.new_functions(load("basket")) if c.what == "total_each")

    assert "def total_each(values):" in feature.files["pricing.py"] and \
        feature.files["pricing.py"].startswith(load("basket").files["pricing.py"].rstrip("\n"))


def test_a_build_bump_changes_the_pin_only() -> None:
    (bump,) = changes.build_bumps(load("todo"))

    assert bump.files == {"requirements-dev.txt": "pytest==8.3.2\n"}


def test_the_readme_gets_a_usage_section_naming_the_functions() -> None:
    (docs,) = changes.readme_usage(load("ledger"))

    assert "## Usage" in docs.files["README.md"] and "`ledger.account.transfer`" in docs.files["README.md"]
