"""The tests nearest a change, found by name, and the zones that hold it."""

from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.checks.change_checks import nearest_tests, stem_of, zones_of
from orkeon_engine.domain.checks.project_tooling import Zone, is_test_file

TESTS = ("tests/test_cart.py", "tests/pricing/test_cart.py", "web/src/cart.test.ts", "svc/cart_test.go",
         "app/src/test/java/CartTest.java", "tests/test_orders.py")


def zone(root):
    return Zone(root, ("python",), ("pyproject.toml",), (), (), ())


def test_the_test_affixes_are_taken_off_the_stem():
    assert [stem_of(path) for path in TESTS] == ["cart", "cart", "cart", "cart", "cart", "orders"]


def test_the_test_sharing_the_longest_folder_prefix_comes_first():
    assert nearest_tests(["tests/pricing/cart.py"], TESTS[:2]) == ("tests/pricing/test_cart.py", "tests/test_cart.py")


def test_a_changed_test_file_is_its_own_nearest_test():
    assert nearest_tests(["tests/test_orders.py", "orders.py"], TESTS) == ("tests/test_orders.py",)


def test_a_changed_file_no_test_is_named_after_has_none():
    assert nearest_tests(["README.md", "src/util.py"], TESTS) == ()


def test_the_list_is_cut_at_the_limit():
    assert len(nearest_tests(["cart.py"], TESTS, limit=2)) == 2


@given(st.lists(st.sampled_from(["cart.py", "orders.py", "src/a.py", "tests/test_x.py", "docs/x.md"]), max_size=6))
def test_every_nearest_test_is_a_test_file_and_listed_once(changed):
    found = nearest_tests(changed, TESTS)

    assert len(found) == len(set(found)) and all(is_test_file(path) for path in found)


def test_the_innermost_zone_holding_a_change_is_chosen():
    zones = (zone("."), zone("web"), zone("svc"))

    assert [z.root for z in zones_of(["web/src/cart.ts", "README.md"], zones)] == ["web", "."]


def test_without_a_change_every_zone_is_kept():
    zones = (zone("."), zone("web"))

    assert zones_of([], zones) == zones
