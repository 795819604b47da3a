from datetime import date

from orkeon_engine.domain.shared_memory.admit import (
    ADMIT,
    LATER,
    REFUSE,
    STOP,
    decision_of,
    plan_admission,
    question,
    settle,
)
from orkeon_engine.domain.shared_memory.candidates import Candidate
from orkeon_engine.domain.shared_memory.entries import make_entry
from orkeon_engine.domain.shared_memory.refused import RefusedList, refuse

TODAY = date(2026, 12, 3)


def _candidate(title, text="the lesson", where="PROPOSALS.md"):
    return Candidate(make_entry(title, text, ["shell"], "proposal"), where)


def test_known_refused_and_repeated_candidates_are_set_aside_with_the_reason():
    refused = RefusedList((refuse("Refused one", date(2026, 1, 2)),))
    candidates = [_candidate("Known one"), _candidate("Refused one"), _candidate("New one"), _candidate("new ONE")]

    plan = plan_admission(candidates, {"known-one": ".orkeon/memory/known-one.md"}, refused)

    assert [c.entry.title for c in plan.ask] == ["New one"]
    assert [why for _, why in plan.set_aside] == [
        "already in the shared memory (.orkeon/memory/known-one.md)", "refused on 2026-01-02 (the refused list)",
        "proposed twice in this review"]


def test_the_question_shows_the_title_its_origin_and_the_text():
    text = question(_candidate("Quote paths", "A path with a space."), 2, 5)

    assert text.splitlines() == ["Admit this lesson to the shared memory? (2 of 5)", "Quote paths",
                                 "source: proposal; tags: shell; from PROPOSALS.md", "A path with a space."]


def test_stop_and_no_answer_stop_the_review():
    assert [decision_of(a) for a in (ADMIT, REFUSE, LATER, STOP, None)] == ["admit", "refuse", "later", None, None]


def test_the_decisions_become_dated_entries_refusals_and_what_is_left():
    asked = [_candidate("One"), _candidate("Two"), _candidate("Three"), _candidate("Four")]

    outcome = settle(asked, ["admit", "refuse", "later"], TODAY)

    assert [(e.title, e.created) for e in outcome.admitted] == [("One", TODAY)]
    assert [(r.key, r.refused_on) for r in outcome.refused] == [("two", TODAY)]
    assert [c.entry.title for c in outcome.later] == ["Three"]
    assert [c.entry.title for c in outcome.unanswered] == ["Four"] and outcome.stopped


def test_no_decision_writes_nothing():
    outcome = settle([_candidate("One")], [], TODAY)

    assert not outcome.writes_anything and outcome.stopped
