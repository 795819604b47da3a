import pytest
from inventory import store


@pytest.fixture(autouse=True)
def no_overrides(monkeypatch):
    for name in ("INVENTORY_HOST", "INVENTORY_PORT", "INVENTORY_RESTOCK_LEVEL", "INVENTORY_WAREHOUSE"):
        monkeypatch.delenv(name, raising=False)


def test_add_puts_units_on_the_shelf():
    levels = {"bolt": 3}
    assert (store.add(levels, "bolt", 4), store.add(levels, "nut", 500), levels) == (7, 500, {"bolt": 7, "nut": 500})


@pytest.mark.parametrize("units", [0, -2, 501])
def test_add_refuses_a_wrong_count(units):
    with pytest.raises(ValueError):
        store.add({}, "bolt", units)


def test_take_leaves_the_rest():
    levels = {"bolt": 10}
    assert (store.take(levels, "bolt", 4), store.take(levels, "bolt", 6), levels) == (6, 0, {"bolt": 0})


def test_take_more_than_there_is_fails():
    with pytest.raises(ValueError):
        store.take({"bolt": 2}, "bolt", 3)


def test_low_lists_the_items_under_the_restock_level():
    assert store.low({"nut": 11, "bolt": 0, "gear": 12, "cog": 30}) == ["bolt", "nut"]


def test_reorder_orders_whole_batches():
    assert [store.reorder({"bolt": n}, "bolt") for n in (12, 11, 0, 30)] == [0, 40, 40, 0]


def test_reorder_of_a_big_gap_orders_two_batches(monkeypatch):
    monkeypatch.setenv("INVENTORY_RESTOCK_LEVEL", "50")
    assert (store.reorder({"bolt": 9}, "bolt"), store.reorder({"bolt": 10}, "bolt")) == (80, 40)
