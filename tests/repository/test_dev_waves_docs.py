"""docs/dev.md's example of waves-state.md reads back with its parser and is exactly what code writes."""

import re
from pathlib import Path

from orkeon_engine.domain.dev.waves import WaveEntry, parse_waves, render_waves

DOC = Path(__file__).resolve().parents[2] / "docs" / "dev.md"


def test_the_wave_state_example_is_what_code_writes():
    [example] = re.findall(r"^```text\n(# Waves of .*?\n)```$", DOC.read_text(encoding="utf-8"),
                           re.DOTALL | re.MULTILINE)

    record = parse_waves(example)

    assert render_waves(record) == example
    assert record.entries[0] == WaveEntry("F1", "merged", "1a2b3c4")
