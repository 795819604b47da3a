"""Hypothesis strategies of the dev pipeline's work files (spec, change brief, questions, review), each value
as code would write it: every text one clean line (domain/dev/sections.py one_line)."""

from __future__ import annotations

from hypothesis import strategies as st

from orkeon_engine.domain.dev.brief import CHANGE_KINDS, ChangeBrief, Criterion, Guard, RunRecord
from orkeon_engine.domain.dev.proposals import LINE_KINDS, PROPOSAL_STATUSES, Proposal, ProposalBook
from orkeon_engine.domain.dev.questions import QUESTION_SEVERITIES, Decision, OpenQuestion, QuestionBook
from orkeon_engine.domain.dev.review import FINDING_SEVERITIES, ReviewFinding, ReviewRecord
from orkeon_engine.domain.dev.sections import one_line
from orkeon_engine.domain.dev.spec import RULE_SEVERITIES, Actor, BusinessRule, Spec, UseCase
from orkeon_engine.domain.dev.verdict import (
    AXES,
    CHECK_STATES,
    MAX_ROWS,
    NO_CAPTURE,
    ROW_SEVERITIES,
    Check,
    Undecided,
    Verdict,
    VerdictRow,
    judged,
)

_ALPHABET = st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00")
lines = st.text(_ALPHABET, min_size=1, max_size=40).map(one_line).filter(bool)
"""One line of text as a work file holds it."""
codes = st.from_regex(r"[a-z0-9][a-z0-9_-]{0,15}", fullmatch=True)
line_lists = st.lists(lines, max_size=3).map(tuple)


@st.composite
def questions(draw: st.DrawFn, number: int = 1) -> OpenQuestion:
    options = draw(st.lists(lines, min_size=2, max_size=5, unique=True).map(tuple))
    return OpenQuestion(f"Q{number}", draw(st.sampled_from(QUESTION_SEVERITIES)), draw(lines), options,
                        draw(st.booleans()), draw(st.one_of(st.just(""), lines)))


@st.composite
def question_books(draw: st.DrawFn) -> QuestionBook:
    count = draw(st.integers(0, 4))
    asked = [draw(questions(number)) for number in range(1, count + 1)]
    split = draw(st.integers(0, count))
    decided = []
    for question in asked[:split]:
        option = draw(st.one_of(st.none(), st.integers(1, len(question.options))))
        answer = question.options[option - 1] if option is not None else draw(lines)
        decided.append(Decision(question, answer, option))
    return QuestionBook(tuple(asked[split:]), tuple(decided))


@st.composite
def specs(draw: st.DrawFn) -> Spec:
    actors = draw(st.lists(st.builds(Actor, lines, st.one_of(st.just(""), lines)), min_size=1, max_size=3))
    use_cases = tuple(UseCase(f"UC{n}", draw(lines), draw(lines), draw(lines), draw(lines),
                              draw(st.lists(lines, min_size=1, max_size=7).map(tuple)))
                      for n in range(1, draw(st.integers(1, 3)) + 1))
    ids = [uc.id for uc in use_cases]
    rules = tuple(BusinessRule(f"BR{n}", draw(lines), draw(lines), draw(st.sampled_from(RULE_SEVERITIES)),
                               tuple(draw(st.lists(st.sampled_from(ids), min_size=1, max_size=3, unique=True))))
                  for n in range(1, draw(st.integers(0, 3)) + 1))
    return Spec(draw(codes), draw(lines), draw(st.one_of(st.just(""), lines)), tuple(actors), draw(line_lists),
                draw(line_lists), use_cases, rules, draw(line_lists), draw(line_lists), draw(line_lists),
                draw(line_lists), draw(line_lists), draw(question_books()))


outputs = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00\r"), max_size=200)
runs = st.builds(RunRecord, lines, st.one_of(st.none(), st.integers(-20, 255)), st.integers(0, 10_000_000), outputs)
tests_named = st.from_regex(r"tests/[a-z_]{1,10}\.py(::[a-z_]{1,10})?", fullmatch=True)


@st.composite
def briefs(draw: st.DrawFn) -> ChangeBrief:
    criteria = tuple(Criterion(f"CH{n}", draw(lines), draw(lines)) for n in range(1, draw(st.integers(0, 3)) + 1))
    guards = tuple(draw(st.lists(st.builds(Guard, lines, st.one_of(st.none(), tests_named)), max_size=3)))
    request = draw(st.one_of(st.just(""), lines))
    return ChangeBrief(draw(codes), draw(st.sampled_from(CHANGE_KINDS)), draw(lines), request,
                       draw(line_lists), draw(line_lists), draw(st.one_of(st.none(), runs)), draw(line_lists),
                       criteria, guards, draw(line_lists), draw(question_books()))


cites = st.one_of(st.integers(1, 13).map(lambda n: f"§{n}"),
                  st.from_regex(r"src/[a-z]{1,8}\.py:[1-9][0-9]{0,3}", fullmatch=True))
findings = st.builds(ReviewFinding, st.sampled_from(FINDING_SEVERITIES), st.from_regex(r"(spec|UC[1-9]|BR[1-9])",
                                                                                       fullmatch=True),
                     lines.map(lambda text: text.rstrip("?") + "?"), cites)
reviews = st.builds(ReviewRecord, codes, st.sampled_from([".orkeon/work/a/spec.md", "brief.md"]),
                    st.sampled_from(["c1 dev-reviewer", "inline dev-reviewer"]),
                    st.lists(findings, max_size=4).map(tuple), st.lists(lines, max_size=3).map(tuple),
                    st.one_of(st.just(""), lines))


# --- the plan and its sheets ------------------------------------------------------------------------------

from orkeon_engine.domain.dev.inventory import INVENTORY_KINDS, Inventory, InventoryItem  # noqa: E402
from orkeon_engine.domain.dev.plan import Anchor, Batch, DesignRule, Plan, PlanStep, plain  # noqa: E402

titles = lines.map(plain).filter(bool)
paths = st.from_regex(r"[a-z]{1,8}(/[a-z_]{1,8}){0,2}\.(py|md)", fullmatch=True)
names = st.from_regex(r"[a-z_]{1,8}(\.[A-Za-z_]{1,8}){0,2}", fullmatch=True)


@st.composite
def inventories(draw: st.DrawFn) -> Inventory:
    count = draw(st.integers(0, 4))
    items = []
    for number in range(1, count + 1):
        start = draw(st.integers(1, 50))
        used = tuple(draw(st.lists(paths, max_size=3, unique=True)))
        items.append(InventoryItem(f"I{number}", draw(st.sampled_from(INVENTORY_KINDS)), draw(names), draw(paths),
                                   start, start + draw(st.integers(0, 30)), used))
    return Inventory(tuple(items))


anchors = st.one_of(st.integers(1, 9).map(lambda n: Anchor("ref", f"I{n}")), paths.map(lambda p: Anchor("new", p)),
                    paths.map(lambda p: Anchor("file", p)))
plan_steps = st.builds(PlanStep, lines, st.lists(st.from_regex(r"(UC|BR|CH)[1-9]", fullmatch=True), max_size=3,
                                                  unique=True).map(tuple),
                       st.lists(tests_named, min_size=1, max_size=2, unique=True).map(tuple),
                       st.lists(anchors, min_size=1, max_size=3, unique=True).map(tuple))


@st.composite
def batches_of(draw: st.DrawFn, count: int) -> tuple[Batch, ...]:
    found = []
    for number in range(1, count + 1):
        earlier = [f"F{n}" for n in range(1, number)]
        after = tuple(draw(st.lists(st.sampled_from(earlier), unique=True))) if earlier else ()
        found.append(Batch(f"F{number}", draw(titles), draw(st.one_of(st.just(""), lines)), after,
                           tuple(draw(st.lists(plan_steps, min_size=1, max_size=3))), draw(st.booleans())))
    return tuple(found)


@st.composite
def plans(draw: st.DrawFn) -> Plan:
    batches = draw(batches_of(draw(st.integers(0, 3))))
    ids = [b.id for b in batches]
    rules = tuple(DesignRule(draw(lines), tuple(draw(st.lists(st.sampled_from(ids), unique=True))) if ids else (),
                             draw(lines)) for _ in range(draw(st.integers(0, 2))))
    blockers = tuple(draw(st.lists(st.sampled_from(["Q1 (Blocking question)", "R2 (Blocking review finding)"]),
                                   unique=True)))
    return Plan(draw(codes), draw(titles), ".orkeon/work/a/spec.md", draw(st.one_of(st.just(""), lines)),
                draw(inventories()), batches, rules, draw(line_lists), draw(question_books()), blockers,
                draw(st.sampled_from(["", "make test"])))


# --- verdicts ---------------------------------------------------------------------------------------------

_verdict_cites = st.one_of(paths.map(lambda p: f"{p}:1"), st.just(".orkeon/work/a/capture/F1/suite.txt"))
verdict_rows = st.builds(VerdictRow, st.sampled_from(ROW_SEVERITIES), st.sampled_from(AXES), _verdict_cites, lines,
                         st.booleans())
verdict_checks = st.builds(Check, st.sampled_from(AXES), st.sampled_from(CHECK_STATES), st.one_of(st.just(""), lines),
                           st.sampled_from([NO_CAPTURE, ".orkeon/work/a/capture/F1/build.txt"]))


@st.composite
def verdicts(draw: st.DrawFn) -> Verdict:
    """A verdict as code writes it: its name follows its rows, unless it is BLOCKED with a reason."""
    rows = tuple(draw(st.lists(verdict_rows, max_size=MAX_ROWS)))
    blocked = draw(st.booleans())
    return Verdict(draw(codes), f"F{draw(st.integers(1, 30))}", "BLOCKED" if blocked else judged(rows),
                   draw(st.one_of(st.just(""), lines)), draw(st.one_of(st.just(""), lines)),
                   tuple(draw(st.lists(verdict_checks, max_size=8))), rows,
                   tuple(draw(st.lists(st.builds(Undecided, st.sampled_from(AXES), lines), max_size=3))),
                   draw(line_lists), draw(lines) if blocked else "")


# --- proposals --------------------------------------------------------------------------------------------

row_ids = st.builds("{}/F{}/V{}".format, st.sampled_from(["cart-save", "b2", "total_zero"]), st.integers(1, 12),
                    st.integers(1, 8))


@st.composite
def proposal_books(draw: st.DrawFn) -> ProposalBook:
    count = draw(st.integers(0, 3))
    proposals = tuple(Proposal(f"P{n}", draw(st.sampled_from(AXES)), draw(st.sampled_from(PROPOSAL_STATUSES)),
                               draw(lines), draw(lines), draw(st.sampled_from(LINE_KINDS)),
                               draw(st.sampled_from(["AGENTS.md", "tests/test_cart.py", "pyproject.toml"])),
                               tuple(draw(st.lists(row_ids, min_size=1, max_size=4, unique=True))))
                      for n in range(1, count + 1))
    return ProposalBook(proposals, draw(line_lists), draw(line_lists))
