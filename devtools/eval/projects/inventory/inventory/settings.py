"""The inventory service's numbers: defaults here, each overridden by its environment variable."""

import os

HOST = "127.0.0.1"
DEFAULT_PORT = 8731
RESTOCK_LEVEL = 12
REORDER_BATCH = 40
MAX_UNITS = 500
CACHE_SECONDS = 90


def port():
    """The port the service listens on."""
    return int(os.environ.get("INVENTORY_PORT", DEFAULT_PORT))


def address():
    """Where the service listens: host and port."""
    return f"{os.environ.get('INVENTORY_HOST', HOST)}:{port()}"


def restock_level():
    """Below this many units an item needs restocking."""
    return int(os.environ.get("INVENTORY_RESTOCK_LEVEL", RESTOCK_LEVEL))


def warehouse():
    """The warehouse the service reports on."""
    return os.environ.get("INVENTORY_WAREHOUSE", "north").strip().lower()
