from orkeon_engine.commands.dev.dev_learn import ARGS, run_dev_learn
from orkeon_engine.domain.dev.proposals import parse_proposals
from orkeon_engine.domain.dev.verdict import parse_verdict
from orkeon_engine.domain.ui.args import parse_args
from tests.support.dev_learning import OWNER, PROPOSALS, WORK, learn_answer, learning_project
from tests.support.dev_steps import dev_deps
from tests.support.doubles.fake_files import FakeFiles


async def _learn(*turns, words=(), files=None):
    deps = await dev_deps(*turns, files=FakeFiles(files or learning_project()))
    view = await run_dev_learn(parse_args("dev-learn", ARGS, list(words)), deps)
    return deps, view


async def test_recorded_verdict_rows_become_a_proposal_in_proposals_md_and_are_marked_treated():
    deps, view = await _learn(learn_answer())

    book = parse_proposals(deps.files.texts[f"/workspace/{PROPOSALS}"])
    (_, added) = book.proposals
    assert (added.id, added.axis, added.status, added.kind, added.owner) == ("P2", "tests", "proposed", "check", OWNER)
    assert added.rows == ("cart-save/F1/V1", "cart-save/F2/V1", "total-zero/F1/V1")
    saved = parse_verdict(deps.files.texts[f"/workspace/{WORK}/cart-save/verdicts/F1.md"])
    assert [row.treated for row in saved.rows] == [True, False]
    assert view.message == f"/dev-learn: 1 proposal → {PROPOSALS}; 3 rows marked treated"


async def test_a_refused_motif_is_skipped_with_the_word_that_would_find_it():
    deps, _ = await _learn(learn_answer())

    book = parse_proposals(deps.files.texts[f"/workspace/{PROPOSALS}"])
    assert book.skipped == ("P1 (refused): AGENTS.md states no rule on asserts yet; the word: `assert`",)
    assert "refused" in deps.llm.model.requests[0].last_user_text and "- P1 · tests · AGENTS.md" in \
        deps.llm.model.requests[0].last_user_text


async def test_every_dropped_candidate_is_named_with_its_filter_and_reason():
    deps, _ = await _learn(learn_answer())

    dropped = parse_proposals(deps.files.texts[f"/workspace/{PROPOSALS}"]).dropped
    assert "axis scope (filter: three batches): its 1 row spans 1 batch, not asked" in dropped
    assert any("(filter: rows)" in item and "nowhere/F9/V9" in item for item in dropped)
    assert "slow tests (filter: three batches): one batch only" in dropped


async def test_list_shows_the_untreated_rows_by_axis_without_asking_the_model():
    deps, view = await _learn(words=["--list"])

    assert deps.llm.model.requests == []
    assert view.lines[:2] == ("tests: 3 untreated rows", "scope: 1 untreated row")
    assert "refused: P1 · tests · AGENTS.md: every test asserts something" in view.lines
    assert deps.files.writes == []


async def test_three_motifs_at_most_are_kept():
    motif = {"cause": "c", "rows": ["cart-save/F1/V1", "cart-save/F2/V1", "total-zero/F1/V1"], "line": "l",
             "kind": "check", "owner": OWNER}
    many = [{**motif, "cause": f"cause {n}"} for n in range(4)]
    deps, _ = await _learn(learn_answer(motifs=many), files=learning_project(book=None))

    book = parse_proposals(deps.files.texts[f"/workspace/{PROPOSALS}"])
    assert [p.id for p in book.proposals] == ["P1"]
    assert sum("(filter: rows)" in item for item in book.dropped) == 3
