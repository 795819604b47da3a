"""The generated card: the dev and held-out halves printed apart, each family's rate beside each peer's with
its interval and costs, and docs/models.md keeping one latest card a model and a history line a run."""

from __future__ import annotations

import re
from pathlib import Path

from devtools.eval.card import GENERATED_MARK, GeneratedCard, record, terminal_text
from devtools.eval.scorecard import HISTORY_MARK
from devtools.eval.tally import Attempt

PAGE = f"# Models\n\n{GENERATED_MARK}\n\n## History\n\n{HISTORY_MARK}\n"


def _card(when: str = "2026-12-06 21:00 UTC") -> GeneratedCard:
    attempts = [Attempt("fix", "fix:a", "dev", "orkeon", True, "", 9000, 60.0),
                Attempt("fix", "fix:a", "dev", "aider", False, "", 3000, 20.0),
                Attempt("fix", "fix:b", "held-out", "orkeon", False, "", 8000, 70.0, 3, claimed=True),
                Attempt("fix", "fix:b", "held-out", "aider", True, "", 2500, 15.0),
                Attempt("review-clean", "review-clean:c", "held-out", "orkeon", True, "", 7000, 50.0, crashed=True)]
    return GeneratedCard("1.5b", "Model 1.5B", "llama-server", when, "abc1234", 51, 1, attempts,
                         ["orkeon", "aider", "mini-swe-agent"])


def _rows(text: str) -> list[list[str]]:
    return [re.split(r"\s{2,}", line) for line in text.splitlines() if line.startswith(("fix", "review"))]


def test_the_halves_are_printed_apart_dev_first() -> None:
    dev, held_out = terminal_text(_card()).split("Held-out half")

    assert _rows(dev) == [["fix", "orkeon", "1/1", "100%", "21%-100%", "9,000", "60"],
                          ["fix", "aider", "0/1", "0%", "0%-79%", "-", "-"]]
    assert _rows(held_out) == [["fix", "orkeon", "0/1", "0%", "0%-79%", "-", "-"],
                               ["fix", "aider", "1/1", "100%", "21%-100%", "2,500", "15"],
                               ["review: clean diff, nothing medium+", "orkeon", "1/1", "100%", "21%-100%", "7,000",
                                "50"]]


def test_each_half_says_how_many_of_orkeons_answers_claimed_what_did_not_happen() -> None:
    dev, held_out = terminal_text(_card()).split("Held-out half")

    assert "claimed a change or a run that did not happen: 0 of 1 fix and question answers" in dev
    assert "claimed a change or a run that did not happen: 1 of 1 fix and question answers" in held_out


def test_each_half_says_how_many_of_orkeons_attempts_ended_in_a_traceback() -> None:
    dev, held_out = terminal_text(_card()).split("Held-out half")

    assert "Orkeon's attempts that ended in a Python traceback: 0 of 1." in dev
    assert "Orkeon's attempts that ended in a Python traceback: 1 of 2." in held_out


def test_record_replaces_the_models_generated_card_and_adds_history(tmp_path: Path) -> None:
    page = tmp_path / "models.md"
    page.write_text(PAGE, encoding="utf-8")
    record(page, _card(when="first"))

    record(page, _card(when="second"))

    text = page.read_text(encoding="utf-8")
    assert (text.count("<!-- eval:generated:1.5b -->"), "Run second" in text, "Run first" in text,
            text.count("\n- ")) == (1, True, False, 2)
    assert "held-out orkeon 1/2, held-out aider 1/1, dev orkeon 1/1, dev aider 0/1" in text


def test_each_half_gives_the_share_of_proposals_dropped_unanchored_and_the_grave_findings_a_clean_review() -> None:
    attempts = [Attempt("review", "review:a", "held-out", "orkeon", True, "", 7000, 50.0, 5, findings=3, dropped=1,
                        merged=2, severe=2),
                Attempt("review-clean", "review-clean:b", "held-out", "orkeon", True, "", 7000, 50.0, 5, findings=2,
                        dropped=1, severe=1),
                Attempt("review-clean", "review-clean:c", "held-out", "orkeon", False, "", 7000, 50.0, 5, findings=4,
                        severe=2)]
    card = GeneratedCard("1.5b", "Model 1.5B", "llama-server", "now", "abc1234", 51, 1, attempts, ["orkeon"])

    held_out = terminal_text(card).split("Held-out half")[1]

    assert ("Orkeon's reviews: 2 of 13 proposals raised were dropped unanchored (15%; 2 more merged into a finding "
            "that stood); 3 findings of medium or higher on 2 clean diffs (1.50 a review).") in held_out
    assert "Orkeon's reviews" not in terminal_text(card).split("Held-out half")[0]
