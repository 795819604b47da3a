"""Stock levels: a mapping of item names to the units on the shelf."""

from inventory import settings
from inventory.settings import REORDER_BATCH


def add(levels, item, units):
    """Put `units` more of `item` on the shelf; at most MAX_UNITS at once."""
    if units <= 0 or units > settings.MAX_UNITS:
        raise ValueError(f"cannot add {units} units")
    levels[item] = levels.get(item, 0) + units
    return levels[item]


def take(levels, item, units):
    """Take `units` of `item` off the shelf; fails when there are not enough."""
    have = levels.get(item, 0)
    if units > have:
        raise ValueError(f"only {have} of {item} left")
    left = have - units
    levels[item] = left
    return left


def low(levels):
    """The items below the restock level, by name."""
    level = settings.restock_level()
    return sorted(item for item, units in levels.items() if units < level)


def reorder(levels, item):
    """The units to order for `item`: whole batches, enough to reach the restock level."""
    missing = settings.restock_level() - levels.get(item, 0)
    if missing <= 0:
        return 0
    batches = -(-missing // REORDER_BATCH)
    return batches * REORDER_BATCH
