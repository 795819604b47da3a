"""docs/lsp.md keeps up with the server: every method it handles or sends, and every setting."""

import re
from pathlib import Path

from lsprotocol import types

from orkeon_lsp.features.choices import CHOICES_REQUEST
from orkeon_lsp.server import build_server
from orkeon_lsp.settings import field_names
from orkeon_lsp.ui import INPUT_REQUEST, QUESTION_REQUEST

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "lsp.md").read_text(encoding="utf-8")


def _methods_named_in_the_sources() -> set[str]:
    names = set()
    for path in (ROOT / "orkeon_lsp").rglob("*.py"):
        for constant in re.findall(r"types\.([A-Z][A-Z_]+)\b", path.read_text(encoding="utf-8")):
            value = getattr(types, constant, None)
            if isinstance(value, str) and value in types.METHOD_TO_TYPES:
                names.add(value)
    return names


def test_every_method_the_server_handles_is_documented():
    handled = set(build_server().protocol.fm.features) | {"workspace/executeCommand", "$/cancelRequest"}

    assert sorted(m for m in handled if f"`{m}`" not in DOC) == []


def test_every_method_the_sources_send_or_handle_is_documented():
    methods = _methods_named_in_the_sources() | {INPUT_REQUEST, QUESTION_REQUEST, CHOICES_REQUEST}

    assert sorted(m for m in methods if f"`{m}`" not in DOC) == []


def test_every_setting_is_documented():
    assert [name for name in field_names() if f"`{name}`" not in DOC] == []
