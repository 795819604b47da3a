"""The generated card: a table a half (dev, then held-out, printed apart), a row per family and agent with the
pass rate, its 95% Wilson interval, and the tokens and wall seconds per solved task; docs/models.md keeps the
latest card of each model between its markers and a history line a run."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from devtools.eval.scorecard import aligned, markdown_rows, put_card
from devtools.eval.tally import Attempt, Row, rows

GENERATED_MARK = "<!-- eval:generated -->"
HEADER = ("family", "agent", "passed", "rate", "95% interval", "tokens / solved", "wall s / solved")
FAMILY_TITLES = {"fix": "fix", "question": "question", "review": "review: seeded bug found",
                 "review-clean": "review: clean diff, nothing medium+", "commit": "commit"}
HALF_TITLES = {"dev": "Dev half (tune and trace here)", "held-out": "Held-out half (a change is kept for this one)"}


@dataclass(frozen=True)
class GeneratedCard:
    """One run of the generated tasks on one model, every attempt of every agent."""

    model_key: str
    model_title: str
    server: str
    when: str
    commit: str
    seed: int
    repeat: int
    attempts: Sequence[Attempt]
    agents: Sequence[str]
    planned: int = 0
    """The attempts the run set out to play (0: as many as it has)."""

    @property
    def complete(self) -> bool:
        """Whether every planned attempt ran: a card stopped part-way is printed, never recorded."""
        return len(self.attempts) >= self.planned

    @property
    def rows(self) -> list[Row]:
        return rows(self.attempts, list(FAMILY_TITLES), self.agents)

    def summary(self) -> str:
        parts = []
        for half in ("held-out", "dev"):
            for agent in self.agents:
                mine = [a for a in self.attempts if a.half == half and a.agent == agent]
                if mine:
                    parts.append(f"{half} {agent} {sum(a.passed for a in mine)}/{len(mine)}")
        return (f"{self.when} · {self.commit} · {self.model_title}, generated tasks (seed {self.seed}, repeat "
                f"{self.repeat}): " + ", ".join(parts))


def _cells(row: Row) -> list[str]:
    tokens = "-" if row.tokens_per_solved is None else f"{row.tokens_per_solved:,.0f}"
    seconds = "-" if row.seconds_per_solved is None else f"{row.seconds_per_solved:,.0f}"
    return [FAMILY_TITLES.get(row.family, row.family), row.agent, f"{row.passed}/{row.runs}", f"{row.rate:.0%}",
            f"{row.low:.0%}-{row.high:.0%}", tokens, seconds]


def _half_rows(card: GeneratedCard, half: str) -> list[list[str]]:
    return [_cells(row) for row in card.rows if row.half == half]


def claims_line(card: GeneratedCard, half: str) -> str:
    """How many of Orkeon's fix and question answers claimed a change or a run that did not happen."""
    mine = [a for a in card.attempts if a.half == half and a.agent == "orkeon" and a.family in ("fix", "question")]
    if not mine:
        return ""
    claimed = sum(a.claimed for a in mine)
    return (f"Orkeon's answers that claimed a change or a run that did not happen: {claimed} of {len(mine)} fix and "
            "question answers (each followed by Orkeon's own sentence saying so).")


def tracebacks_line(card: GeneratedCard, half: str) -> str:
    """How many of Orkeon's attempts, of every family, ended in a Python traceback of its own."""
    mine = [a for a in card.attempts if a.half == half and a.agent == "orkeon"]
    if not mine:
        return ""
    return f"Orkeon's attempts that ended in a Python traceback: {sum(a.crashed for a in mine)} of {len(mine)}."


def review_line(card: GeneratedCard, half: str) -> str:
    """Issue 52's review figures of the half: the share of raised proposals dropped unanchored (goal: under 20%)
    and the findings of medium or higher a clean review (goal: at most 0.5)."""
    mine = [a for a in card.attempts if a.half == half and a.agent == "orkeon" and a.family.startswith("review")]
    if not mine:
        return ""
    raised = sum(a.findings + a.dropped + a.merged for a in mine)
    dropped = sum(a.dropped for a in mine)
    share = f"{dropped / raised:.0%}" if raised else "-"
    clean = [a for a in mine if a.family == "review-clean"]
    severe = sum(a.severe for a in clean)
    average = f"{severe / len(clean):.2f}" if clean else "-"
    return (f"Orkeon's reviews: {dropped} of {raised} proposals raised were dropped unanchored ({share}; "
            f"{sum(a.merged for a in mine)} more merged into a finding that stood); {severe} findings of medium or "
            f"higher on {len(clean)} clean diffs ({average} a review).")


def _notes(card: GeneratedCard, half: str) -> list[str]:
    lines = [line for line in (claims_line(card, half), tracebacks_line(card, half), review_line(card, half))
             if line]
    return [*lines, ""] if lines else []


def terminal_text(card: GeneratedCard) -> str:
    out: list[str] = []
    for half in ("dev", "held-out"):
        out += [f"{HALF_TITLES[half]}:", "", aligned([list(HEADER), *_half_rows(card, half)]), ""]
        out += _notes(card, half)
    return "\n".join(out).rstrip()


def markdown_text(card: GeneratedCard) -> str:
    out: list[str] = []
    for half in ("dev", "held-out"):
        out += [f"#### {HALF_TITLES[half]}", "", markdown_rows([list(HEADER), *_half_rows(card, half)]), ""]
        out += _notes(card, half)
    return "\n".join(out).rstrip()


def section(card: GeneratedCard) -> str:
    return "\n".join([
        f"<!-- eval:generated:{card.model_key} -->",
        f"### {card.model_title}: generated tasks",
        "",
        f"Served by {card.server}. Run {card.when} on commit {card.commit}, seed {card.seed}, each task "
        f"{card.repeat} time{'s' if card.repeat != 1 else ''}.",
        "",
        markdown_text(card),
        f"<!-- /eval:generated:{card.model_key} -->",
    ])


def record(document: Path, card: GeneratedCard) -> None:
    """Put `card` in docs/models.md in place of the model's last generated card, and add its history line."""
    put_card(document, f"generated:{card.model_key}", section(card), GENERATED_MARK, card.summary())
