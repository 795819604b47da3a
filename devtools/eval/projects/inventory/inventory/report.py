"""The stock report the service prints."""

from inventory import settings, store


def title():
    """The report's first line."""
    return f"Stock report: {settings.warehouse()}"


def summary(levels):
    """One line an item to restock, with the units to order."""
    lines = []
    for item in store.low(levels):
        lines.append(f"{item}: order {store.reorder(levels, item)}")
    return lines


def footer():
    """The report's last line."""
    return f"figures cached for {settings.CACHE_SECONDS} s"
