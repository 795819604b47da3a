"""The bank's rules for every account."""

import os

OVERDRAFT_LIMIT = 100
STATEMENT_LINES = 3
CURRENCY = "EUR"
BANK_NAME = "Northwind"


def bank_name():
    """The bank's name as printed on statements."""
    return os.environ.get("LEDGER_BANK", BANK_NAME)
