"""run_code_review over the scripted model: one extract per lens and pass, code settling what stands."""

import asyncio
import json

import pytest

from orkeon_engine.crews.code_review.run import ReviewRequest, run_code_review
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.git.diff import parse_diff
from orkeon_engine.domain.review.behaviour_neutral import FileChange
from orkeon_engine.domain.review.findings import LENSES, DismissKey
from orkeon_engine.domain.review.review_report import closing_line
from orkeon_engine.ports.chat_model import LlmFailure
from tests.support.deps import make_deps
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.review_script import answer, before, by_lens, finding, lens_of
from tests.support.scripted_chat_model import ScriptedChatModel

DIFF = parse_diff("""diff --git a/app.py b/app.py
--- a/app.py
+++ b/app.py
@@ -1,3 +1,5 @@
 import os
+def load(path):
+    return open(path).read()
 x = 1
+y = x / 0
""")
LEAK = finding("app.py", 3, "    return open(path).read()", "high", "the file is never closed")
ZERO = finding("app.py", 5, "y = x / 0", "blocker", "division by zero")
WRONG_QUOTE = finding("app.py", 4, "import sys", "low", "misnamed")  # a context line, quoted wrong
OUTSIDE = finding("other.py", 1, "x", "low", "elsewhere")


async def _llm(*turns):
    model = ScriptedChatModel(list(turns))
    deps = await make_deps(chat_model=model)
    return model, deps.require_llm()


async def test_each_lens_is_asked_once_per_pass_and_its_findings_settled():
    model, llm = await _llm(*[by_lens({"correctness": answer(LEAK, ZERO, WRONG_QUOTE), "security": answer(OUTSIDE)})]
                            * 5)

    result = await run_code_review(ReviewRequest(DIFF, "the staged changes"), llm)

    assert [lens_of(r.system) for r in model.requests] == list(LENSES)
    assert [(f.line, f.severity) for f in result.findings] == [(5, "blocker"), (3, "high")]
    assert sorted(d.reason for d in result.dropped) == [
        "its path is not in the diff", "its quote matches no changed line of its hunk"]


async def test_the_result_counts_the_tokens_and_cost_of_every_call():
    _, llm = await _llm(*[answer()] * 5)

    result = await run_code_review(ReviewRequest(DIFF, "the staged changes"), llm)

    assert (result.tokens, round(result.cost, 6)) == (600, 0.005)


async def test_a_later_pass_is_shown_what_the_earlier_one_found():
    model, llm = await _llm(answer(LEAK), answer(LEAK, ZERO))

    result = await run_code_review(ReviewRequest(DIFF, "the staged changes", ("correctness",), passes=2), llm)

    assert "app.py:3 [high] the file is never closed" in model.requests[1].last_user_text
    assert "look for what they missed" in model.requests[1].last_user_text
    assert (len(result.findings), result.merged) == (2, 1)


async def test_an_answer_that_never_validates_is_a_lens_without_a_valid_answer():
    _, llm = await _llm(*[by_lens({"correctness": "not json", "security": answer(ZERO)})] * 3)

    result = await run_code_review(ReviewRequest(DIFF, "the staged changes", ("correctness", "security")), llm)

    assert [(f.lens, f.pass_index) for f in result.failures] == [("correctness", 1)]
    assert result.failures[0].reason.startswith("the answer did not fit after one repair round")
    assert [f.title for f in result.findings] == ["division by zero"]


async def test_a_reply_missing_fields_is_repaired_once():
    incomplete = '{"findings": [{"path": "app.py", "line": 5}]}'
    model, llm = await _llm(incomplete, answer(ZERO))

    result = await run_code_review(ReviewRequest(DIFF, "the staged changes", ("correctness",)), llm)

    assert len(model.requests) == 2 and [f.line for f in result.findings] == [5]


async def test_a_failed_call_leaves_the_other_lenses_standing():
    failing = LlmFailure("server error", kind="server")
    _, llm = await _llm(*[by_lens({"correctness": failing, "security": answer(ZERO)})] * 2)

    result = await run_code_review(ReviewRequest(DIFF, "the staged changes", ("correctness", "security")), llm)

    assert result.failures[0].reason == "the model call failed: server error"
    assert len(result.findings) == 1


async def test_when_every_call_fails_the_review_has_failed_and_says_why_for_each_lens():
    refused = LlmFailure("connection refused", kind="connection")
    _, llm = await _llm(refused, refused)

    result = await run_code_review(ReviewRequest(DIFF, "the staged changes", ("correctness", "security")), llm)

    assert result.failed and result.failed_lenses == ("correctness", "security")
    assert [f.reason for f in result.failures] == ["the model call failed: connection refused"] * 2


async def test_the_lenses_ask_the_model_at_once_up_to_the_concurrency():
    model, llm = await _llm(*[answer()] * 5)

    await run_code_review(ReviewRequest(DIFF, "the staged changes", concurrency=3), llm)

    assert model.max_active == 3 and sorted(lens_of(r.system) for r in model.requests) == sorted(LENSES)


async def test_a_concurrency_of_one_asks_the_lenses_in_turn():
    model, llm = await _llm(*[answer()] * 5)

    await run_code_review(ReviewRequest(DIFF, "the staged changes", concurrency=1), llm)

    assert model.max_active == 1 and [lens_of(r.system) for r in model.requests] == list(LENSES)


async def test_the_lenses_still_running_at_the_deadline_are_stopped_and_reported():
    model = ScriptedChatModel([answer()] * 2, hold=asyncio.Event())
    llm = (await make_deps(chat_model=model)).require_llm()

    result = await run_code_review(ReviewRequest(DIFF, "the staged changes", ("correctness", "security"),
                                                 deadline=0.05), llm)

    assert result.failed and len(model.requests) == 2
    assert [f.reason for f in result.failures] == [
        "stopped: the review's deadline of 0.05 s passed (review.deadline)"] * 2


async def test_a_pass_that_starts_after_the_deadline_asks_nothing():
    clock = FakeClock()

    def slow(request):
        clock.advance(120)
        return answer(ZERO)

    model = ScriptedChatModel([slow])
    llm = (await make_deps(chat_model=model, clock=clock)).require_llm()

    result = await run_code_review(ReviewRequest(DIFF, "the staged changes", ("correctness",), passes=2,
                                                 deadline=60), llm)

    assert len(model.requests) == 1 and [f.line for f in result.findings] == [5]
    assert [(f.pass_index, f.reason) for f in result.failures] == [
        (2, "not asked: the review's deadline of 60 s passed (review.deadline)")]
    assert not result.failed


async def test_a_cut_diff_is_said_to_be_cut_in_the_prompt_and_the_result():
    model, llm = await _llm(answer())

    result = await run_code_review(ReviewRequest(DIFF, "the staged changes", ("tests",), budget_chars=80), llm)

    assert "the diff was cut to fit the budget" in model.requests[0].last_user_text
    assert result.cut_note.startswith("the diff was cut to fit the budget")


async def test_a_dismissed_quote_is_left_out():
    _, llm = await _llm(answer(ZERO))
    dismissed = frozenset({DismissKey.of("app.py", "y = x / 0", "correctness")})

    result = await run_code_review(ReviewRequest(DIFF, "the staged changes", ("correctness",),
                                                 dismissed=dismissed), llm)

    assert (result.findings, result.dismissed) == ((), 1)


async def test_progress_reports_each_lens_as_it_starts_and_ends_with_tokens_and_cost():
    progress = FakeProgress()
    _, llm = await _llm(answer(), "not json", "not json")

    await run_code_review(ReviewRequest(DIFF, "the staged changes", ("correctness", "security")), llm, progress)

    messages = progress.messages()
    assert messages[:2] == ["correctness, pass 1 of 1 · 0 tokens in, 0 out, $0",
                            "security, pass 1 of 1 · 0 tokens in, 0 out, $0"]
    assert "correctness answered, pass 1 of 1 · 100 tokens in, 20 out, $0.0010" in messages
    assert messages[-2:] == ["security gave no valid answer, pass 1 of 1 · 300 tokens in, 60 out, $0.0030",
                             "done · 300 tokens in, 60 out, $0.0030"]


async def test_the_percentage_moves_as_each_lens_answers():
    progress = FakeProgress()
    _, llm = await _llm(answer())

    await run_code_review(ReviewRequest(DIFF, "the staged changes", ("correctness",)), llm, progress)

    assert progress.percentages == [0, 100, 100]


async def test_a_cancelled_review_stops_before_the_next_lens():
    progress = FakeProgress(cancel_after=1)
    _, llm = await _llm(answer())

    with pytest.raises(CommandFailedError, match="cancelled"):
        await run_code_review(ReviewRequest(DIFF, "the staged changes", ("correctness", "security")), llm, progress)


WITH_SECRETS = parse_diff("""diff --git a/.env b/.env
--- /dev/null
+++ b/.env
@@ -0,0 +1 @@
+OPENAI_API_KEY=sk-do-not-send-me
diff --git a/app.py b/app.py
--- a/app.py
+++ b/app.py
@@ -1,1 +1,2 @@
 import os
+y = 1 / 0
""")


async def test_a_file_that_usually_holds_secrets_is_never_shown_to_the_model():
    model, llm = await _llm(answer())

    result = await run_code_review(ReviewRequest(WITH_SECRETS, "the staged changes", ("correctness",)), llm)

    prompt = model.requests[0].last_user_text
    assert "sk-do-not-send-me" not in prompt and "y = 1 / 0" in prompt
    assert result.withheld == (".env",) and result.files == ("app.py",)


async def test_a_diff_of_secret_files_alone_asks_no_model():
    only_env = parse_diff("diff --git a/.env b/.env\n--- /dev/null\n+++ b/.env\n@@ -0,0 +1 @@\n+TOKEN=x\n")
    model, llm = await _llm()

    result = await run_code_review(ReviewRequest(only_env, "the staged changes"), llm)

    assert model.requests == [] and result.withheld == (".env",) and result.findings == ()


EVAL = "+result = eval(request.args['expr'])"
WITH_A_BUNDLE = parse_diff(
    "diff --git a/static/app.min.js b/static/app.min.js\n--- /dev/null\n+++ b/static/app.min.js\n"
    "@@ -0,0 +1,40 @@\n" + "".join(f"+var a{i}=function(){{return {i}}};" * 40 + "\n" for i in range(40))
    + "diff --git a/handler.py b/handler.py\n--- a/handler.py\n+++ b/handler.py\n@@ -1,1 +1,2 @@\n"
    " import flask\n" + EVAL + "\n"
)


async def test_hand_written_code_is_shown_before_a_minified_bundle_that_the_budget_then_leaves_out():
    model, llm = await _llm(answer())

    result = await run_code_review(ReviewRequest(WITH_A_BUNDLE, "the staged changes", ("security",),
                                                 budget_chars=600), llm)

    prompt = model.requests[0].last_user_text
    assert "eval(request.args['expr'])" in prompt and "static/app.min.js" in prompt
    assert result.left_out == (("static/app.min.js", "minified"),)
    assert "static/app.min.js (minified)" in result.cut_note


# --- the pinpoint question -------------------------------------------------------------------------------

SQL = parse_diff("""--- a/store.py
+++ b/store.py
@@ -0,0 +1,4 @@
+def orders_of(connection, customer):
+    \"\"\"Every order of one customer.\"\"\"
+    query = f"SELECT id FROM orders WHERE customer = '{customer}'"
+    return connection.execute(query).fetchall()
""")
ON_SIGNATURE = finding("store.py", 1, "def orders_of(connection, customer):", "high", "SQL injection",
                       detail="the customer goes into the SQL text")
PINPOINTING = "pointed at its first line"


def _pinpointed_at(line: int, lens_answers: dict[str, str]):
    """A turn answering the pinpoint question with `line`, and a lens with its answer."""
    def turn(request):
        return json.dumps({"line": line}) if PINPOINTING in request.system else by_lens(lens_answers)(request)

    return turn


async def test_a_finding_on_a_functions_first_line_moves_to_the_line_the_model_then_names():
    model, llm = await _llm(*[_pinpointed_at(3, {"security": answer(ON_SIGNATURE)})] * 3)

    result = await run_code_review(ReviewRequest(SQL, "the staged changes", ("correctness", "security")), llm)

    asked = [r for r in model.requests if PINPOINTING in r.system]
    assert len(asked) == 1 and "    3      query = f\"SELECT" in asked[0].last_user_text
    assert [(f.line, f.quote.strip()[:9], f.title) for f in result.findings] == [(3, "query = f", "SQL injection")]


async def test_the_question_may_only_be_answered_with_a_number_of_the_function():
    model, llm = await _llm(*[_pinpointed_at(3, {"security": answer(ON_SIGNATURE)})] * 2)

    await run_code_review(ReviewRequest(SQL, "the staged changes", ("security",)), llm)

    schema = model.requests[-1].options.structured.schema
    assert schema["properties"]["line"]["enum"] == [1, 2, 3, 4]


async def test_the_tests_lens_keeps_its_finding_on_the_function_and_is_not_asked():
    model, llm = await _llm(by_lens({"tests": answer(ON_SIGNATURE)}))

    result = await run_code_review(ReviewRequest(SQL, "the staged changes", ("tests",)), llm)

    assert len(model.requests) == 1 and [f.line for f in result.findings] == [1]


async def test_a_question_that_gets_no_valid_answer_leaves_the_finding_where_it_was():
    _, llm = await _llm(by_lens({"security": answer(ON_SIGNATURE)}), "no number", "still none")

    result = await run_code_review(ReviewRequest(SQL, "the staged changes", ("security",)), llm)

    assert [f.line for f in result.findings] == [1] and not result.failures


async def test_a_finding_already_on_a_body_line_is_not_asked():
    on_line = finding("store.py", 3, "query = f\"SELECT id FROM orders WHERE customer = '{customer}'\"", "high", "x")
    model, llm = await _llm(by_lens({"security": answer(on_line)}))

    await run_code_review(ReviewRequest(SQL, "the staged changes", ("security",)), llm)

    assert len(model.requests) == 1


RENAME = parse_diff("""diff --git a/count.py b/count.py
--- a/count.py
+++ b/count.py
@@ -1,3 +1,3 @@
 def count_of(items):
-    total = len(items)
-    return total
+    n = len(items)
+    return n
""")
RENAMED = FileChange("count.py", "rename-only", "the change to count.py only renames `total` to `n`")
ON_RENAME = finding("count.py", 2, "    n = len(items)", "medium", "the name n says nothing")


async def test_a_medium_finding_on_a_neutral_file_is_capped_at_low_and_says_why():
    _, llm = await _llm(by_lens({"maintainability": answer(ON_RENAME)}))

    result = await run_code_review(ReviewRequest(RENAME, "the staged changes", ("maintainability",),
                                                 changes=(RENAMED,)), llm)

    assert [(f.severity, f.capped_from, f.cap_reason) for f in result.findings] == [
        ("low", "medium", "severity capped: the change to count.py only renames `total` to `n`")]


async def test_when_every_file_is_neutral_the_schema_offers_only_low_and_nit_and_the_prompt_says_why():
    model, llm = await _llm(answer())

    await run_code_review(ReviewRequest(RENAME, "the staged changes", ("correctness",), changes=(RENAMED,)), llm)

    schema = model.requests[0].options.structured.schema
    severity = schema["$defs"]["NeutralFinding"]["properties"]["severity"]
    assert severity["enum"] == ["low", "nit"]
    assert "- the change to count.py only renames `total` to `n`" in model.requests[0].last_user_text


async def test_when_a_file_may_change_the_schema_keeps_every_severity_and_its_findings_stand():
    may = FileChange("app.py", None, "the change to app.py may change behaviour: its code changed")
    model, llm = await _llm(by_lens({"correctness": answer(ZERO)}))

    result = await run_code_review(ReviewRequest(DIFF, "the staged changes", ("correctness",), changes=(may,)), llm)

    schema = model.requests[0].options.structured.schema
    assert "NeutralFinding" not in schema.get("$defs", {})
    assert [(f.severity, f.capped_from) for f in result.findings] == [("blocker", None)]


def test_the_diff_budget_follows_the_models_window():
    from orkeon_engine.crews.code_review.run import DIFF_BUDGET_CHARS, MIN_BUDGET_CHARS, diff_budget

    assert diff_budget(None) == DIFF_BUDGET_CHARS == diff_budget(200_000)
    assert 30_000 < diff_budget(16_384) < 40_000
    assert diff_budget(4_096) == MIN_BUDGET_CHARS


SWAP = parse_diff("diff --git a/app.py b/app.py\n--- a/app.py\n+++ b/app.py\n@@ -1,2 +1,2 @@\n def f(a, b):\n"
                  "-    return g(a, b)\n+    return g(b, a)\n")


async def test_each_lens_is_told_what_each_changed_line_changed_word_by_word():
    model, llm = await _llm(*[answer()] * 5)

    await run_code_review(ReviewRequest(SWAP, "the staged changes"), llm)

    assert all("- app.py:2: `a, b` → `b, a`" in r.last_user_text for r in model.requests)


async def test_a_file_the_budget_leaves_out_has_no_word_changes_listed():
    files = "".join(f"diff --git a/f{i}.py b/f{i}.py\n--- a/f{i}.py\n+++ b/f{i}.py\n@@ -1,2 +1,2 @@\n # {'pad ' * 20}\n"
                    f"-x = {i}\n+x = {i + 1}\n" for i in range(60))
    model, llm = await _llm(*[answer()] * 5)

    await run_code_review(ReviewRequest(parse_diff(files), "the staged changes", budget_chars=1_000), llm)

    prompt = model.requests[0].last_user_text
    assert "- f0.py:2: `0` → `1`" in prompt and "f59.py:2:" not in prompt


TITLE = parse_diff("diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n@@ -1,3 +1,5 @@\n def title(item):\n"
                   "-    return item.name.title()\n+    value = item.name.title()\n+    return value\n # end\n"
                   "+LIMIT = 3\n")
ON_REPLACED = finding("m.py", 2, "    value = item.name.title()", "high", "the title may be empty")
ON_ADDED = finding("m.py", 5, "LIMIT = 3", "medium", "a magic number")
LOW = finding("m.py", 3, "    return value", "low", "a needless name")


@pytest.mark.parametrize(("had_it", "severity"), [(True, "low"), (False, "high")])
async def test_a_grave_finding_on_a_replaced_line_is_capped_when_the_code_before_had_it_too(had_it, severity):
    model, llm = await _llm(by_lens({"correctness": answer(ON_REPLACED)}), *[answer()] * 4, before(had_it))

    result = await run_code_review(ReviewRequest(TITLE, "the staged changes"), llm)

    (found,) = result.findings
    assert found.severity == severity and (found.capped_from == "high") is had_it
    assert ("before the change had the same problem" in found.cap_reason) is had_it
    assert ("1 capped at low (there before the change)" in closing_line(result)) is had_it
    assert "<before>\n    return item.name.title()\n</before>" in model.requests[-1].last_user_text


async def test_a_finding_on_lines_added_where_nothing_was_removed_and_a_low_one_are_not_asked():
    model, llm = await _llm(by_lens({"correctness": answer(ON_ADDED, LOW)}), *[answer()] * 4)

    result = await run_code_review(ReviewRequest(TITLE, "the staged changes"), llm)

    assert len(model.requests) == 5 and sorted(f.severity for f in result.findings) == ["low", "medium"]


async def test_a_before_question_that_gets_no_valid_answer_leaves_the_finding_as_it_was():
    _, llm = await _llm(by_lens({"correctness": answer(ON_REPLACED)}), *[answer()] * 4, "not json", "still not")

    result = await run_code_review(ReviewRequest(TITLE, "the staged changes"), llm)

    assert [(f.severity, f.capped_from) for f in result.findings] == [("high", None)]
