"""/dev-spec over the scripted model: a spec written from JSON, its questions asked in order and each
recorded before the next, the unattended run left BLOCKED, the resumed run, a change brief whose
reproduction passes (stopped) or fails (written), and the reviewer's findings recorded."""

import json

import pytest

from orkeon_engine.domain.dev.brief import parse_brief
from orkeon_engine.domain.dev.review import parse_review
from orkeon_engine.domain.dev.spec import parse_spec
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ArgumentError
from orkeon_engine.domain.ui.free_answer import OWN_ANSWER
from tests.support.dev_steps import (
    BRIEF_FILE,
    MAJOR_FINDING,
    REPRODUCTION,
    REVIEW_FILE,
    SPEC_FILE,
    brief_answer,
    dev_deps,
    dev_spec,
    failing,
    findings,
    spec_answer,
)
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.scripted_chat_model import Call

PURPOSE = ["let", "shoppers", "save", "a", "cart", "for", "later"]


def _spec(deps, path=SPEC_FILE):
    return parse_spec(deps.files.texts[f"/workspace/{path}"])


class RecordingHuman(FakeHumanInput):
    """Answers from `choices`, and keeps the spec file as it stood when each question was asked."""

    def __init__(self, files, choices, texts=()):
        super().__init__(choices=list(choices), texts=list(texts))
        self.files = files
        self.seen: list[str] = []

    async def choose(self, question, options):
        self.seen.append(self.files.texts.get(f"/workspace/{SPEC_FILE}", ""))
        return await super().choose(question, options)


async def test_a_spec_is_written_from_the_models_json_in_business_words():
    deps = await dev_deps(spec_answer(), findings())

    view = await dev_spec(deps, "cart-save", *PURPOSE)

    spec = _spec(deps)
    assert [uc.id for uc in spec.use_cases] == ["UC1", "UC2"] and spec.rules[0].applies_to == ("UC1", "UC2")
    assert spec.use_cases[0].actor == "Shopper" and spec.existing == ("Carts are kept only while the shopper is "
                                                                      "signed in.",)
    assert view.data["file"] == SPEC_FILE
    user = deps.llm.model.requests[0].last_user_text
    assert "let shoppers save a cart for later" in user and "`make test` (Makefile target 'test')" in user


@pytest.mark.parametrize("way", ["json_schema", "tool"])
async def test_a_spec_shaped_by_the_servers_structured_output_breaking_a_rule_is_mended_not_sent_back(way):
    broken = json.loads(spec_answer(rules=[{"statement": "A saved cart is kept for thirty days.",
                                            "origin": "the request", "severity": "major", "applies_to": ["share"]}]))
    turns = [Call("SpecAnswer", broken)] if way == "tool" else [json.dumps(broken)]
    deps = await dev_deps(*turns, findings(), structured_way=way)

    await dev_spec(deps, "cart-save", *PURPOSE)

    requests = deps.llm.model.requests
    assert requests[0].options.structured is not None and requests[0].options.structured.name == "SpecAnswer"
    assert not any("must hold ids of the use cases" in r.last_user_text for r in requests)  # no repair round
    assert _spec(deps).rules[0].applies_to == ("UC1", "UC2")  # a rule naming no use case holds for all


async def test_the_questions_are_asked_blocking_first_recommended_option_first_each_recorded_before_the_next():
    deps = await dev_deps(spec_answer(), findings())
    human = RecordingHuman(deps.files, ["Keep the saved prices (recommended)", OWN_ANSWER],
                           texts=["Only with an account"])
    deps.human = human

    view = await dev_spec(deps, "cart-save", *PURPOSE)

    assert [options for _, options in human.questions[:2]] == [
        ["Keep the saved prices (recommended)", "Take today's prices", OWN_ANSWER], ["Yes", "No", OWN_ANSWER]]
    assert "Q1 (Blocking), question 1 of 2" in human.questions[0][0]
    assert parse_spec(human.seen[1]).questions.decided[0].answer == "Keep the saved prices"
    decided = _spec(deps).questions.decided
    assert [(d.question.id, d.answer, d.option) for d in decided] == [
        ("Q1", "Keep the saved prices", 1), ("Q2", "Only with an account", None)]
    assert view.message == "spec cart-save: READY" and view.data["status"] == "READY"


async def test_nobody_to_answer_leaves_the_questions_in_the_file_and_the_step_blocked():
    deps = await dev_deps(spec_answer(), findings())

    view = await dev_spec(deps, "cart-save", *PURPOSE)

    spec = _spec(deps)
    assert [q.id for q in spec.questions.open] == ["Q1", "Q2"] and spec.questions.decided == ()
    assert view.message == "spec cart-save: BLOCKED — 2 open questions"
    assert "Status: BLOCKED — 2 open questions: Q1 (Blocking), Q2 (Major)" in deps.files.texts[
        f"/workspace/{SPEC_FILE}"]
    assert any(line.startswith("open: Q1 (Blocking), Q2 (Major)") for line in view.lines)


async def test_the_code_alone_resumes_at_the_next_open_question_without_asking_the_model_again():
    deps = await dev_deps(spec_answer(), findings())
    deps.human = FakeHumanInput(choices=["Take today's prices"])
    await dev_spec(deps, "cart-save", *PURPOSE)
    deps.human = FakeHumanInput(choices=["No"])

    view = await dev_spec(deps, "cart-save")

    assert deps.human.questions[0][0].splitlines()[0].startswith("/dev-spec cart-save — Q2 (Major)")
    assert [d.answer for d in _spec(deps).questions.decided] == ["Take today's prices", "No"]
    assert view.message == "spec cart-save: READY" and deps.llm.model.remaining == 0


async def test_the_reviewers_findings_are_recorded_in_review_md():
    deps = await dev_deps(spec_answer(), findings(MAJOR_FINDING, {**MAJOR_FINDING, "target": "UC1, UC2"}))

    view = await dev_spec(deps, "cart-save", *PURPOSE)

    review = parse_review(deps.files.texts[f"/workspace/{REVIEW_FILE}"])
    assert [(f.severity, f.target, f.cites) for f in review.findings] == [("Major", "UC1", "§5")]
    assert review.reviewer == "c1 dev-reviewer" and "names 2 ids" in review.dropped[0]
    assert view.document.title == "review of cart-save" and view.data["review"]["verdict"] == "FINDINGS"
    child = deps.llm.model.requests[1]
    assert "Review .orkeon/work/cart-save/spec.md" in child.last_user_text and "file_read" in child.tool_names


async def test_an_empty_list_from_the_reviewer_is_a_clear_review():
    deps = await dev_deps(spec_answer(), findings())

    view = await dev_spec(deps, "cart-save", *PURPOSE)

    assert any(line.startswith("review CLEAR") for line in view.lines)


async def test_without_background_children_the_review_runs_inline():
    deps = await dev_deps(spec_answer(), findings(MAJOR_FINDING), children=False)

    await dev_spec(deps, "cart-save", *PURPOSE)

    review = parse_review(deps.files.texts[f"/workspace/{REVIEW_FILE}"])
    assert review.reviewer == "inline dev-reviewer" and len(review.findings) == 1


async def test_a_spec_speaking_code_is_sent_back_once():
    leaking = spec_answer(purpose="Shoppers call save_cart() to keep a cart.")
    deps = await dev_deps(leaking, spec_answer(), findings())

    view = await dev_spec(deps, "cart-save", *PURPOSE)

    sent_back = deps.llm.model.requests[1].last_user_text
    assert "§1: `save_cart()` looks like a call" in sent_back and "Sent back once" in sent_back
    assert "save_cart" not in deps.files.texts[f"/workspace/{SPEC_FILE}"] and view.data["status"] == "BLOCKED"


async def test_a_spec_still_speaking_code_after_one_send_back_is_written_with_a_note():
    leaking = spec_answer(purpose="Shoppers call save_cart() to keep a cart.")
    deps = await dev_deps(leaking, leaking, findings())

    view = await dev_spec(deps, "cart-save", *PURPOSE)

    assert "still in words of code after one send-back: §1: `save_cart()` looks like a call" in view.lines


@pytest.mark.parametrize(("code", "said"), [("../etc", "path separator"), ("a..b", "`..`"), ("", "is needed")])
async def test_a_code_that_cannot_name_one_folder_is_refused_before_the_model_is_asked(code, said):
    deps = await dev_deps()

    with pytest.raises(ArgumentError, match=said):
        await dev_spec(deps, code, *PURPOSE)


async def test_a_code_taken_by_a_spec_is_refused_for_a_brief():
    deps = await dev_deps(spec_answer(), findings())
    await dev_spec(deps, "cart-save", *PURPOSE)

    with pytest.raises(CommandFailedError, match="taken by a spec"):
        await dev_spec(deps, "cart-save", "bug", "the total is zero")


async def test_a_new_description_for_an_existing_spec_is_refused_saying_the_code_alone_resumes():
    deps = await dev_deps(spec_answer(), findings())
    await dev_spec(deps, "cart-save", *PURPOSE)

    with pytest.raises(CommandFailedError, match="already exists: /dev-spec cart-save goes on with it"):
        await dev_spec(deps, "cart-save", "something", "else")


async def test_a_code_with_no_work_and_no_description_says_what_to_give():
    deps = await dev_deps()

    with pytest.raises(ArgumentError, match="there is no work named 'nothing'"):
        await dev_spec(deps, "nothing")


async def test_a_bug_whose_reproduction_passes_stops_the_step_and_writes_nothing():
    deps = await dev_deps(f'{{"command": "{REPRODUCTION}", "expect": "a total of 5"}}',
                          human=FakeHumanInput(choices=["Allow once"]), shell=failing(code=0, output="1 passed"))

    view = await dev_spec(deps, "total-bug", "bug", "the", "cart", "total", "is", "always", "zero")

    assert view.message.startswith(f"not reproduced: `{REPRODUCTION}` passed (exit code 0)")
    assert view.data["status"] == "STOPPED" and "1 passed" in view.lines
    assert not any(path.startswith("/workspace/.orkeon/work") for path in deps.files.texts)
    assert deps.shell.commands() == [REPRODUCTION]


async def test_a_bug_whose_reproduction_fails_is_written_with_its_run_and_its_tests_checked():
    deps = await dev_deps(f'{{"command": "{REPRODUCTION}", "expect": "a total of 5"}}', brief_answer(), findings(),
                          human=FakeHumanInput(choices=["Allow once", "Yes"]), shell=failing())

    view = await dev_spec(deps, "total-bug", "bug", "the", "cart", "total", "is", "always", "zero")

    brief = parse_brief(deps.files.texts[f"/workspace/{BRIEF_FILE}"])
    assert (brief.kind, brief.run.command, brief.run.exit_code) == ("bug", REPRODUCTION, 1)
    assert "E assert 0 == 5" in brief.run.output
    assert [(g.behaviour, g.test) for g in brief.must_not_change] == [
        ("An empty cart totals zero.", "tests/test_cart.py::test_empty_cart"), ("Discounts apply.", None)]
    assert any("unpinned: tests/test_cart.py::test_discount" in line for line in view.lines)
    assert brief.questions.decided[0].answer == "Yes" and view.message == "brief total-bug: READY"
    assert "exit code 1" in deps.llm.model.requests[1].last_user_text


async def test_a_reproduction_the_person_refuses_is_not_run():
    deps = await dev_deps(f'{{"command": "{REPRODUCTION}", "expect": "a failure"}}',
                          human=FakeHumanInput(choices=["Deny"]), shell=failing())

    view = await dev_spec(deps, "total-bug", "bug", "the", "total", "is", "zero")

    assert view.data["status"] == "STOPPED" and "was not run" in view.message and deps.shell.runs == []


async def test_a_whole_suite_is_sent_back_once_then_the_step_stops():
    deps = await dev_deps('{"command": "make test", "expect": "x"}', '{"command": "python -m pytest", "expect": "x"}')

    view = await dev_spec(deps, "total-bug", "bug", "the", "total", "is", "zero")

    assert "runs a whole suite" in view.message and deps.shell.runs == []
    assert "Your first choice was refused" in deps.llm.model.requests[1].last_user_text
