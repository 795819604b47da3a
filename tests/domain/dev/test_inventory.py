import pytest
from hypothesis import given

from orkeon_engine.domain.code_index.answers import IndexSnapshot
from orkeon_engine.domain.code_index.model import FileEntry, Symbol
from orkeon_engine.domain.dev.inventory import (
    Inventory,
    InventoryItem,
    name_position,
    parse_inventory,
    render_inventory,
    select_inventory,
    with_users,
    work_words,
)
from orkeon_engine.domain.dev.sections import DevFileError
from tests.support.dev_plans import PLAN_INDEX
from tests.support.dev_strategies import inventories

SNAPSHOT = IndexSnapshot("/repo", {entry.path: entry for entry in PLAN_INDEX})


def test_a_small_project_is_offered_whole_in_path_and_line_order():
    items = select_inventory(SNAPSHOT, {"cart"})

    assert [(i.ref, i.kind, i.name) for i in items][:3] == [
        ("I1", "module", "shop.cart"), ("I2", "class", "shop.cart.Cart"), ("I3", "method", "shop.cart.Cart.total")]
    assert items[4].name == "tests/test_cart.py::test_total" and items[4].kind == "test"


def test_a_larger_project_is_offered_by_the_works_words():
    symbols = tuple(Symbol(f"thing{n}", f"pkg.m.thing{n}", "function", "pkg/m.py", n, n, 0, 1) for n in range(1, 40))
    entry = FileEntry("pkg/m.py", "python", "h", 1, 40, "pkg.m", symbols=(*symbols, Symbol(
        "save_cart", "pkg.m.save_cart", "function", "pkg/m.py", 41, 42, 0, 1)))

    items = select_inventory(IndexSnapshot("/r", {"pkg/m.py": entry}), {"save"}, limit=8)

    assert [item.name for item in items] == ["pkg.m", "pkg.m.save_cart"]


def test_a_fixture_and_a_setting_are_told_apart():
    entry = FileEntry("tests/conftest.py", "python", "h", 1, 9, "tests.conftest", symbols=(
        Symbol("cart", "tests.conftest.cart", "function", "tests/conftest.py", 1, 3, 0, 1),
        Symbol("MAX_LINES", "tests.conftest.MAX_LINES", "constant", "tests/conftest.py", 5, 5, 0, 1)))

    items = select_inventory(IndexSnapshot("/r", {entry.path: entry}), set(), {("tests/conftest.py",
                                                                                 "tests.conftest.cart")})

    assert [(i.kind, i.name) for i in items[1:]] == [("fixture", "tests.conftest.cart"),
                                                      ("setting", "tests.conftest.MAX_LINES")]


def test_the_users_of_an_item_leave_its_own_file_out():
    item = InventoryItem("I1", "class", "a.B", "a.py", 1, 2)

    assert with_users([item], {"I1": ["a.py", "b.py", "b.py"]})[0].used_by == ("b.py",)


def test_the_name_of_a_definition_is_found_on_its_line_after_its_decorators():
    item = InventoryItem("I1", "function", "m.total", "m.py", 1, 3)

    assert name_position(["@cache", "def total(x):", "    return x"], item) == (2, 5)


def test_the_works_words_are_the_parts_of_its_names():
    assert work_words(["Save a savedCart"]) == {"save", "saved", "cart"}


@given(inventories())
def test_any_inventory_reads_back_as_written(inventory):
    assert parse_inventory(render_inventory(inventory), "plan.md") == inventory


def test_a_line_that_is_no_item_is_refused_naming_it():
    with pytest.raises(DevFileError, match="`- I1 · a.py` under Inventory"):
        parse_inventory(["- I1 · a.py"], "plan.md")


def test_an_inventory_finds_an_item_by_its_ref():
    assert Inventory((InventoryItem("I1", "module", "a", "a.py", 1, 1),)).find("I2") is None
