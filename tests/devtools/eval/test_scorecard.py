"""The scorecard: the table, and docs/models.md keeping one latest card a model and a history line a run."""

from __future__ import annotations

from pathlib import Path

from devtools.eval.scenarios import Outcome
from devtools.eval.scorecard import CARDS_MARK, HISTORY_MARK, Card, markdown_table, record

PAGE = f"# Models\n\n{CARDS_MARK}\n\n## History\n\n{HISTORY_MARK}\n"


def _card(key: str, passed: bool, when: str = "2026-12-04 14:00 UTC") -> Card:
    rows = [Outcome("commit: bug fix", passed, "'fix: x' | kept", 0, 2, 1500, 12.4, False),
            Outcome("review: sql injection", True, "found at store.py:12", 1, 4, 20000, 80.0, False)]
    return Card(key, f"Model {key}", "llama-server", when, "abc1234", rows)


def test_the_table_has_a_row_a_scenario_with_its_figures_and_escapes_bars() -> None:
    table = markdown_table(_card("1.5b", False)).splitlines()

    assert table[2] == "| commit: bug fix | FAIL | 0 | 2 | 1,500 | 12 | 'fix: x' \\| kept |"


def test_a_second_run_replaces_the_models_card_and_adds_a_history_line(tmp_path: Path) -> None:
    page = tmp_path / "models.md"
    page.write_text(PAGE, encoding="utf-8")
    record(page, _card("1.5b", False, when="first"))
    record(page, _card("0.5b", True))

    record(page, _card("1.5b", True, when="second"))

    text = page.read_text(encoding="utf-8")
    assert (text.count("<!-- eval:1.5b -->"), text.count("<!-- eval:0.5b -->"), "Run second" in text,
            "Run first" in text, text.count("\n- ")) == (1, 1, True, False, 3)


def test_the_newest_history_line_comes_first(tmp_path: Path) -> None:
    page = tmp_path / "models.md"
    page.write_text(PAGE, encoding="utf-8")
    record(page, _card("1.5b", False, when="first"))

    record(page, _card("1.5b", True, when="second"))

    history = page.read_text(encoding="utf-8").split(HISTORY_MARK)[1].strip().splitlines()
    assert [line.split(" · ")[0] for line in history] == ["- second", "- first"]
