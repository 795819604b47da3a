"""Definitions and references through jedi, its cache kept in the test's folder."""

import pytest

from orkeon_engine.adapters.jedi_code_navigation import JediCodeNavigation
from orkeon_engine.ports.code_navigation import CodeNavigationError
from tests.support.code_projects import copy_project


@pytest.fixture
def navigation(tmp_path):
    root = copy_project(tmp_path)
    return JediCodeNavigation(root, tmp_path / "jedi-cache"), root


async def test_a_name_goes_to_its_definition_in_another_file(navigation):
    nav, root = navigation
    text = (root / "shop/checkout.py").read_text()

    found = await nav.goto_definition("shop/checkout.py", text, 13, 12)

    assert [(loc.path, loc.line, loc.qualified_name) for loc in found] == [("shop/models.py", 19, "shop.models.Cart")]


async def test_references_are_found_across_files(navigation):
    nav, root = navigation
    text = (root / "shop/models.py").read_text()

    found = await nav.find_references("shop/models.py", text, 23, 9)

    assert {(loc.path, loc.line) for loc in found} == {("shop/models.py", 23), ("shop/checkout.py", 14)}


async def test_a_definition_outside_the_workspace_names_its_file(navigation):
    nav, root = navigation
    text = (root / "shop/checkout.py").read_text()

    found = await nav.goto_definition("shop/checkout.py", text, 9, 17)

    assert found[0].path is None
    assert found[0].qualified_name == "json.dumps"
    assert found[0].module_path.endswith("json/__init__.py")


async def test_jedi_writes_its_cache_where_it_is_told(navigation, tmp_path):
    nav, root = navigation

    await nav.goto_definition("shop/checkout.py", (root / "shop/checkout.py").read_text(), 9, 17)

    assert (tmp_path / "jedi-cache").is_dir()


async def test_a_line_outside_the_file_is_refused_with_the_valid_range(navigation):
    nav, _ = navigation

    with pytest.raises(CodeNavigationError, match="line 9 is outside the file"):
        await nav.goto_definition("a.py", "x = 1\n", 9, 1)


async def test_a_file_that_is_not_python_is_refused(navigation):
    nav, _ = navigation

    with pytest.raises(CodeNavigationError, match="Python files only"):
        await nav.find_references("web/src/util.ts", "export {}", 1, 1)
