import pytest
from inventory import report, settings


@pytest.fixture(autouse=True)
def no_overrides(monkeypatch):
    for name in ("INVENTORY_HOST", "INVENTORY_PORT", "INVENTORY_RESTOCK_LEVEL", "INVENTORY_WAREHOUSE"):
        monkeypatch.delenv(name, raising=False)


def test_the_defaults():
    assert (settings.port(), settings.restock_level(), settings.warehouse(), settings.address()) == (
        8731, 12, "north", "127.0.0.1:8731")


def test_the_environment_overrides_the_defaults(monkeypatch):
    monkeypatch.setenv("INVENTORY_PORT", "9000")
    monkeypatch.setenv("INVENTORY_WAREHOUSE", "  South ")
    assert (settings.port(), settings.warehouse()) == (9000, "south")


def test_title_names_the_warehouse():
    assert report.title() == "Stock report: north"


def test_summary_orders_what_is_low():
    assert report.summary({"nut": 2, "bolt": 20, "cog": 11}) == ["cog: order 40", "nut: order 40"]


def test_footer_says_how_long_figures_are_cached():
    assert report.footer() == "figures cached for 90 s"
