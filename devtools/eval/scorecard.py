"""The scorecard: the rows as a table for the terminal and for docs/models.md, which keeps the latest
scorecard of each model between its markers and one history line a run."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from devtools.eval.scenarios import Outcome

HEADER = ("scenario", "result", "tool calls", "model calls", "tokens", "wall s", "what code saw")
HISTORY_MARK = "<!-- eval:history -->"
CARDS_MARK = "<!-- eval:cards -->"


@dataclass(frozen=True)
class Card:
    """One run of the suite on one model."""

    model_key: str
    model_title: str
    server: str
    when: str
    commit: str
    outcomes: Sequence[Outcome]

    @property
    def passed(self) -> int:
        return sum(1 for outcome in self.outcomes if outcome.passed)

    @property
    def summary(self) -> str:
        tokens = sum(o.tokens for o in self.outcomes)
        seconds = sum(o.seconds for o in self.outcomes)
        raw = sum(1 for o in self.outcomes if o.raw_call_shown)
        return (f"{self.when} · {self.commit} · {self.model_title}: {self.passed}/{len(self.outcomes)} passed, "
                f"{sum(o.tool_calls for o in self.outcomes)} tool calls, {sum(o.model_calls for o in self.outcomes)} "
                f"model calls, {tokens:,} tokens, {seconds:,.0f} s; raw tool-call text shown in {raw}")


def _cells(outcome: Outcome) -> list[str]:
    return [outcome.name, "pass" if outcome.passed else "FAIL", str(outcome.tool_calls), str(outcome.model_calls),
            f"{outcome.tokens:,}", f"{outcome.seconds:.0f}", outcome.note]


def markdown_rows(rows: Sequence[Sequence[str]]) -> str:
    """A markdown table of `rows`, the first the header; bars escaped, newlines flattened."""
    def row(cells: Sequence[str]) -> str:
        return "| " + " | ".join(cell.replace("|", "\\|").replace("\n", " ") for cell in cells) + " |"

    return "\n".join([row(rows[0]), row(["---"] * len(rows[0])), *(row(cells) for cells in rows[1:])])


def aligned(rows: Sequence[Sequence[str]]) -> str:
    """`rows` in columns for the terminal, the first the header with a rule under it."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    text = ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in rows]
    text.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(text)


def markdown_table(card: Card) -> str:
    return markdown_rows([HEADER, *(_cells(o) for o in card.outcomes)])


def terminal_table(card: Card, note_width: int = 70) -> str:
    rows = [list(HEADER), *(_cells(o) for o in card.outcomes)]
    for row in rows:
        row[-1] = row[-1] if len(row[-1]) <= note_width else row[-1][: note_width - 1] + "…"
    return aligned(rows)


def section(card: Card) -> str:
    return "\n".join([
        f"<!-- eval:{card.model_key} -->",
        f"### {card.model_title}",
        "",
        f"Served by {card.server}. Run {card.when} on commit {card.commit}: **{card.passed}/{len(card.outcomes)} "
        "passed**.",
        "",
        markdown_table(card),
        f"<!-- /eval:{card.model_key} -->",
    ])


def put_card(document: Path, name: str, text: str, mark: str, history: str) -> None:
    """Put `text` in `document` between the `eval:NAME` markers in place of what was there (after `mark` the
    first time), and add `history` as the newest line of the history."""
    page = document.read_text(encoding="utf-8")
    block = re.compile(rf"<!-- eval:{re.escape(name)} -->.*?<!-- /eval:{re.escape(name)} -->", re.DOTALL)
    found = block.search(page)
    page = block.sub(lambda _: text, page) if found else page.replace(mark, f"{mark}\n\n{text}", 1)
    page = page.replace(HISTORY_MARK, f"{HISTORY_MARK}\n- {history}", 1)
    document.write_text(page, encoding="utf-8")


def record(document: Path, card: Card) -> None:
    """Put `card` in docs/models.md in place of the model's last scorecard, and add its history line."""
    put_card(document, card.model_key, section(card), CARDS_MARK, card.summary)
