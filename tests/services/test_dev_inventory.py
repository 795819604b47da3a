from orkeon_engine.domain.code_index.answers import IndexSnapshot
from orkeon_engine.services.dev_inventory import build_inventory, fixtures, indexed_files
from tests.support.dev_plans import PLAN_INDEX, USERS
from tests.support.dev_steps import PROJECT
from tests.support.doubles.fake_code_index import FakeCodeIndex
from tests.support.doubles.fake_code_navigation import FakeCodeNavigation
from tests.support.doubles.fake_files import FakeFiles


async def test_the_inventory_asks_the_navigation_where_each_class_and_function_is_used():
    navigation = FakeCodeNavigation(references=USERS)

    inventory = await build_inventory(FakeFiles(dict(PROJECT)), FakeCodeIndex(PLAN_INDEX), navigation, ["a cart"])

    assert inventory.find("I2").used_by == ("shop/checkout.py", "tests/test_cart.py")
    assert ("references", "shop/cart.py", 1, 7) in navigation.asked


async def test_no_index_gives_an_empty_inventory():
    inventory = await build_inventory(FakeFiles(dict(PROJECT)), None, None, ["a cart"])

    assert inventory.items == () and await indexed_files(None) == frozenset()


def test_a_fixture_is_told_by_its_decorator():
    snapshot = IndexSnapshot("/r", {e.path: e for e in PLAN_INDEX})

    found = fixtures(snapshot, {"tests/test_cart.py": "@pytest.fixture\ndef test_total():\n    pass\n"})

    assert found == {("tests/test_cart.py", "tests.test_cart.test_total")}
