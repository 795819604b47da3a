"""Rules of the sources that import-linter cannot see: who reads the clock, docstrings, config consumers."""

import ast
import importlib
from pathlib import Path

from orkeon_engine.domain.settings.config_schema import CONFIG_KEYS

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "orkeon_engine"
CLOCK_READS = {("time", "time"), ("time", "monotonic"), ("time", "perf_counter"), ("datetime", "now"),
               ("datetime", "utcnow"), ("date", "today"), ("time", "sleep"), ("asyncio", "sleep")}


def _sources(*roots):
    for root in roots:
        yield from sorted(p for p in root.rglob("*.py") if ".venv" not in p.parts)


def test_the_clock_is_read_in_adapters_only():
    offenders = []
    for path in _sources(ENGINE, ROOT / "orkeon_lsp", ROOT / "orkeon_acp"):
        if "adapters" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                owner = node.func.value
                name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
                if (name, node.func.attr) in CLOCK_READS:
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == [], "take the Clock port instead: " + ", ".join(offenders)


def test_every_module_opens_with_a_docstring():
    missing = [str(p.relative_to(ROOT)) for p in _sources(ENGINE, ROOT / "orkeon_lsp", ROOT / "orkeon_acp",
                                                           ROOT / "orkeon_speech")
               if p.stat().st_size and ast.get_docstring(ast.parse(p.read_text(encoding="utf-8"))) is None]
    assert missing == []


def test_every_config_key_is_read_by_each_consumer_it_names():
    for spec in CONFIG_KEYS:
        for consumer in spec.consumers:
            module = importlib.import_module(f"orkeon_engine.{consumer}")
            source = Path(module.__file__).read_text(encoding="utf-8")
            assert f'"{spec.key}"' in source, f"{spec.key} names {consumer}, which does not read it"
