"""The small projects the scenarios run in: their files, and for review the seeded bug's file and line.

Each is written into a fresh git repository by `workspace.make_repository`. The seeded bugs are ones a
reviewer is expected to catch from the diff alone; `line` is the bug's line in the file after the change.
"""

from __future__ import annotations

from dataclasses import dataclass

CALC_BUGGY = '''"""Prices of a shopping basket."""


def total(prices):
    """The sum of every price in the basket."""
    result = 0
    for index in range(len(prices) - 1):
        result += prices[index]
    return result


def most_expensive(prices):
    """The highest price, or None for an empty basket."""
    return max(prices) if prices else None
'''

CALC_TESTS = '''from calc import most_expensive, total


def test_total_adds_every_price():
    assert total([3, 4, 5]) == 12


def test_total_of_one_price():
    assert total([7]) == 7


def test_most_expensive():
    assert most_expensive([3, 9, 2]) == 9
'''

SETTINGS = '''"""Where the inventory service listens and what it keeps."""

import os

DEFAULT_PORT = 8731
CACHE_SECONDS = 90


def port() -> int:
    return int(os.environ.get("INVENTORY_PORT", DEFAULT_PORT))
'''

SERVER = '''"""The inventory service's HTTP entry point."""

from http.server import HTTPServer, SimpleHTTPRequestHandler

from inventory import settings


def serve() -> None:
    HTTPServer(("127.0.0.1", settings.port()), SimpleHTTPRequestHandler).serve_forever()
'''

QUESTION_PROJECT = {
    "README.md": "# Inventory\n\nA small inventory service.\n",
    "inventory/__init__.py": "",
    "inventory/settings.py": SETTINGS,
    "inventory/server.py": SERVER,
}
FIX_PROJECT = {"calc.py": CALC_BUGGY, "test_calc.py": CALC_TESTS, "README.md": "# Basket\n"}


@dataclass(frozen=True)
class SeededBug:
    """A change to review: the files before (committed) and after (staged), and where its bug is."""

    name: str
    before: dict[str, str]
    after: dict[str, str]
    path: str
    line: int
    what: str
    names: str = ""
    """A regular expression (case ignored) that the finding's title or detail matches when it names this bug:
    a finding on the seeded line about something else (a docstring, a naming nit) has not found it."""


PAGES_BEFORE = '''"""Paging through a list of results."""


def page_count(total, size):
    return -(-total // size)
'''
PAGES_AFTER = PAGES_BEFORE + '''

def page(items, number, size):
    """The items of page `number` (1 is the first page)."""
    start = number * size
    return items[start:start + size]
'''

ACCESS_BEFORE = '''"""Who may do what in the admin area."""


class User:
    def __init__(self, name, is_admin=False, is_active=True):
        self.name = name
        self.is_admin = is_admin
        self.is_active = is_active
'''
ACCESS_AFTER = ACCESS_BEFORE + '''

def can_delete_accounts(user):
    """Only active administrators may delete accounts."""
    if user.is_active and not user.is_admin:
        return True
    return False
'''

STORE_BEFORE = '''"""Orders kept in SQLite."""

import sqlite3


def connect(path):
    return sqlite3.connect(path)
'''
STORE_AFTER = STORE_BEFORE + '''

def orders_of(connection, customer):
    """Every order of one customer, newest first."""
    query = f"SELECT id, total FROM orders WHERE customer = '{customer}' ORDER BY id DESC"
    return connection.execute(query).fetchall()
'''

DISCOUNT_BEFORE = '''"""Discounts on a basket."""


def apply_discount(price, percent):
    return price * (100 - percent) / 100
'''
DISCOUNT_AFTER = DISCOUNT_BEFORE + '''

def average_price(prices):
    """The mean price of a basket."""
    total = sum(prices)
    return total / len(prices) - 1
'''

CONFIG_BEFORE = '''"""Reading the service's configuration file."""

import json


def defaults():
    return {"port": 8080, "debug": False}
'''
CONFIG_AFTER = CONFIG_BEFORE + '''

def load(path):
    """The settings in `path` over the defaults."""
    settings = defaults()
    handle = open(path)
    settings.update(json.load(handle))
    return settings
'''

SEEDED_BUGS: tuple[SeededBug, ...] = (
    SeededBug("off-by-one page", {"pages.py": PAGES_BEFORE}, {"pages.py": PAGES_AFTER}, "pages.py", 10,
              "pages are numbered from 1, so page 1 skips the first page's items",
              r"first|skip|off.by.one|offset|index|number - 1|1-based|one-based|zero"),
    SeededBug("inverted check", {"access.py": ACCESS_BEFORE}, {"access.py": ACCESS_AFTER}, "access.py", 13,
              "`not user.is_admin` lets every non-administrator delete accounts",
              r"invert|condition|not user\.is_admin|non-admin|administrator|admin|permission|check"),
    SeededBug("sql injection", {"store.py": STORE_BEFORE}, {"store.py": STORE_AFTER}, "store.py", 12,
              "the customer is put into the SQL text", r"sql|inject|quer|parameteri|sanitiz|escap"),
    SeededBug("wrong arithmetic", {"discount.py": DISCOUNT_BEFORE}, {"discount.py": DISCOUNT_AFTER},
              "discount.py", 11, "`- 1` subtracts one from the mean; an empty basket divides by zero",
              r"minus|- ?1|subtract|off.by|mean|average|zero|empty|divi"),
    SeededBug("file left open", {"config.py": CONFIG_BEFORE}, {"config.py": CONFIG_AFTER}, "config.py", 13,
              "the file is opened and never closed", r"clos|leak|with statement|context manager|with open|resource"),
)


@dataclass(frozen=True)
class StagedChange:
    """A change to commit: the files committed first, then the files staged for the message."""

    name: str
    before: dict[str, str]
    after: dict[str, str]


STAGED_CHANGES: tuple[StagedChange, ...] = (
    StagedChange("new function", {"pages.py": PAGES_BEFORE},
                 {"pages.py": PAGES_AFTER.replace("number * size", "(number - 1) * size")}),
    StagedChange("bug fix", {"calc.py": CALC_BUGGY},
                 {"calc.py": CALC_BUGGY.replace("range(len(prices) - 1)", "range(len(prices))")}),
    StagedChange("documentation", {"README.md": "# Basket\n"},
                 {"README.md": "# Basket\n\nInstall with `pip install basket`, then run `basket --help`.\n"}),
    StagedChange("tests added", {"calc.py": CALC_BUGGY}, {"calc.py": CALC_BUGGY, "test_calc.py": CALC_TESTS}),
    StagedChange("rename", {"config.py": CONFIG_BEFORE},
                 {"config.py": CONFIG_BEFORE.replace("def defaults()", "def default_settings()")}),
)
