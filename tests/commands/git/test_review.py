"""/review over the fakes: scopes, lenses, formats, --fail-on, --clear, --dismiss, and the stored findings."""

import asyncio
import json

import jsonschema
import pytest

from orkeon_engine.adapters.gitpython_review_source import GitPythonReviewSource
from orkeon_engine.commands.git.review import ARGS, run_review
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ArgumentError, parse_args
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from orkeon_engine.ports.chat_model import LlmFailure
from orkeon_engine.ports.review_source import DiffRequest
from tests.support.deps import make_deps
from tests.support.doubles.fake_findings_store import FakeFindingsStore
from tests.support.doubles.fake_review_source import FakeReviewSource
from tests.support.review_script import answer, before, by_lens, finding
from tests.support.sarif_schema import SARIF_2_1_0_STRUCTURE
from tests.support.scripted_chat_model import ScriptedChatModel
from tests.support.temp_git import git, make_repo

DIFF = """diff --git a/src/app.py b/src/app.py
--- a/src/app.py
+++ b/src/app.py
@@ -1,3 +1,5 @@
 import os
+def load(path):
+    return open(path).read()
 x = 1
+y = x / 0
diff --git a/src/b.py b/src/b.py
--- a/src/b.py
+++ b/src/b.py
@@ -1 +1 @@
-a=1
+a = 1
"""
LEAK = finding("src/app.py", 3, "    return open(path).read()", "high", "the file is never closed",
               replacement="    with open(path) as f:\n        return f.read()")
ZERO = finding("src/app.py", 5, "y = x / 0", "blocker", "division by zero")
NIT = finding("src/b.py", 1, "a = 1", "nit", "spacing")
WRONG = finding("src/app.py", 4, "import sys", "low", "misnamed")  # a context line, quoted wrong


def _args(*tokens):
    return parse_args("review", ARGS, list(tokens))


async def _deps(*turns, diff=DIFF, store=None):
    source = FakeReviewSource(diff)
    deps = await make_deps(chat_model=ScriptedChatModel(list(turns)), review_source=source,
                           findings_store=store or FakeFindingsStore())
    return deps, source


def _script():
    return [by_lens({"correctness": answer(LEAK, ZERO, WRONG), "maintainability": answer(NIT)})] * 5


async def test_a_review_lists_findings_by_path_and_line_and_closes_with_the_counts():
    deps, _ = await _deps(*_script())

    view = await run_review(_args(), deps)

    assert view.lines == (
        "src/app.py:3: high [correctness] the file is never closed",
        "src/app.py:5: blocker [correctness] division by zero",
        "src/b.py:1: nit [maintainability] spacing",
    )
    assert view.message.startswith("3 findings (1 blocker, 1 high, 1 nit); 1 dropped (1 quote not found); 600 tokens; "
                                    "$0.0050")


async def test_verbose_lists_each_dropped_proposal_with_its_path_line_title_and_reason():
    deps, _ = await _deps(*_script())

    view = await run_review(_args("--verbose"), deps)

    assert view.lines[-1] == "dropped: src/app.py:4 [correctness] misnamed: quote not found " \
                             "(its quote matches no changed line of its hunk)"
    assert view.data["dropped"][0]["kind"] == "quote not found"
    assert view.data["dropped_counts"]["quote not found"] == 1


async def test_verbose_json_keeps_stdout_one_json_document_and_lists_the_dropped_aside():
    deps, _ = await _deps(*_script())

    view = await run_review(_args("--verbose", "--format", "json"), deps)

    assert json.loads(view.lines[0])["dropped"][0]["title"] == "misnamed"
    assert view.aside.splitlines()[-1].startswith("dropped: src/app.py:4 [correctness] misnamed")


async def test_the_document_is_the_ranked_table():
    deps, _ = await _deps(*_script())

    view = await run_review(_args(), deps)

    rows = [line for line in view.document.content.splitlines() if line.startswith("| ") and "---" not in line]
    assert [row.split(" | ")[1] for row in rows[1:]] == ["blocker", "high", "nit"]


async def test_the_findings_replace_the_last_reviews_in_the_store():
    store = FakeFindingsStore()
    deps, _ = await _deps(*_script(), store=store)

    await run_review(_args(), deps)

    assert [(f.path, f.line) for f in store.findings] == [("src/app.py", 5), ("src/app.py", 3), ("src/b.py", 1)]


async def test_the_staged_changes_are_reviewed_by_default():
    deps, source = await _deps(*_script())

    await run_review(_args("src"), deps)

    assert source.requests == [DiffRequest("staged", None, ("src",))]


async def test_paths_named_from_a_subfolder_are_read_from_that_subfolder():
    deps, source = await _deps(*_script())
    deps.workspace = WorkspaceInfo(root="/repo", git_root="/repo", writable=True, cwd="/repo/src")

    await run_review(_args("app.py", "../docs"), deps)

    assert source.requests[0].paths == ("src/app.py", "docs")


async def test_working_and_base_choose_the_scope():
    deps, source = await _deps(*_script(), *_script())

    await run_review(_args("--working"), deps)
    await run_review(_args("--base", "main"), deps)

    assert [r.scope for r in source.requests] == ["working", "since"]
    assert source.requests[1].base == "main"


async def test_base_and_working_together_are_refused():
    deps, _ = await _deps()

    with pytest.raises(ArgumentError, match="cannot be given together"):
        await run_review(_args("--working", "--base", "main"), deps)


async def test_one_lens_asks_the_model_once():
    model = ScriptedChatModel([answer(ZERO)])
    deps = await make_deps(chat_model=model, review_source=FakeReviewSource(DIFF))

    view = await run_review(_args("--lens", "correctness"), deps)

    assert len(model.requests) == 1 and view.lines == ("src/app.py:5: blocker [correctness] division by zero",)


async def test_a_lens_is_shown_as_much_of_the_diff_as_the_models_window_leaves_room_for():
    big = "".join(f"diff --git a/m{n}.py b/m{n}.py\n--- a/m{n}.py\n+++ b/m{n}.py\n@@ -0,0 +1,40 @@\n"
                  + "".join(f"+value_{n}_{line} = compute_something({line}, {n})  # a line of code\n"
                            for line in range(40)) for n in range(40))
    small, _ = await _deps(*[answer()] * 2, diff=big)
    await small.config.set_value("model.contextWindow", "16384", "session")
    large, _ = await _deps(*[answer()] * 2, diff=big)
    await large.config.set_value("model.contextWindow", "200000", "session")

    await run_review(_args("--lens", "correctness"), small)
    await run_review(_args("--lens", "correctness"), large)

    shown = [deps.llm.model.requests[0].last_user_text for deps in (small, large)]
    assert len(shown[0]) < 40_000 < len(shown[1]) and "cut to fit" in shown[0]


async def test_an_unknown_lens_names_the_lenses():
    deps, _ = await _deps()

    with pytest.raises(ArgumentError, match="unknown lens 'style'; lenses: correctness, security"):
        await run_review(_args("--lens", "style"), deps)


async def test_passes_come_from_the_flag_else_the_session_default():
    model = ScriptedChatModel([answer()] * 3)
    deps = await make_deps(chat_model=model, review_source=FakeReviewSource(DIFF))
    await deps.config.set_value("review.passes", "3", "session")

    await run_review(_args("--lens", "tests"), deps)

    assert len(model.requests) == 3


async def test_too_many_passes_are_refused():
    deps, _ = await _deps()

    with pytest.raises(CommandFailedError, match="--passes '9' is not accepted"):
        await run_review(_args("--passes", "9"), deps)


async def test_nothing_staged_says_how_to_review_something():
    deps, _ = await _deps(diff="")

    view = await run_review(_args(), deps)

    assert view.message.startswith("nothing to review: no change is staged")


REMOVED_GUARD = """diff --git a/todo/storage.py b/todo/storage.py
--- a/todo/storage.py
+++ b/todo/storage.py
@@ -9,5 +9,3 @@ def load(path=None):
 def load(path=None):
     file = Path(path)
-    if not file.exists():
-        return []
     return json.loads(file.read_text())
"""
GUARD = finding("todo/storage.py", 11, "return json.loads(file.read_text())", "high",
                "a missing file now raises instead of giving no items")


async def test_a_change_that_only_removes_lines_is_reviewed_at_the_line_below_the_removal():
    deps, _ = await _deps(by_lens({"correctness": answer(GUARD)}), before(), diff=REMOVED_GUARD)

    view = await run_review(_args("--lens", "correctness", "--format", "json"), deps)

    report = json.loads(view.lines[0])
    assert [(f["path"], f["line"], f["severity"]) for f in report["findings"]] == [("todo/storage.py", 11, "high")]


async def test_a_deleted_file_alone_is_nothing_to_review():
    deleted = ("diff --git a/old.py b/old.py\ndeleted file mode 100644\n--- a/old.py\n+++ /dev/null\n"
               "@@ -1,2 +0,0 @@\n-a = 1\n-b = 2\n")
    deps, _ = await _deps(diff=deleted)

    view = await run_review(_args(), deps)

    assert view.message.startswith("nothing to review")


async def test_fail_on_sets_the_exit_code_when_a_finding_reaches_it():
    deps, _ = await _deps(*_script(), *_script())

    failing = await run_review(_args("--fail-on", "blocker"), deps)
    passing = await run_review(_args("--lens", "maintainability", "--fail-on", "low"), deps)

    assert (failing.exit_code, passing.exit_code) == (1, 0)


async def test_an_unknown_fail_on_severity_is_refused():
    deps, _ = await _deps()

    with pytest.raises(ArgumentError, match="--fail-on 'major' is not a severity"):
        await run_review(_args("--fail-on", "major"), deps)


async def test_json_format_prints_the_report():
    deps, _ = await _deps(*_script())

    view = await run_review(_args("--format", "json"), deps)

    report = json.loads(view.lines[0])
    assert [f["severity"] for f in report["findings"]] == ["blocker", "high", "nit"]
    assert view.message == ""


async def test_sarif_format_prints_a_sarif_log():
    deps, _ = await _deps(*_script())

    view = await run_review(_args("--format", "sarif"), deps)

    log = json.loads(view.lines[0])
    jsonschema.validate(log, SARIF_2_1_0_STRUCTURE)
    assert len(log["runs"][0]["results"]) == 3


async def test_clear_forgets_the_stored_findings_without_asking_the_model():
    store = FakeFindingsStore()
    deps, _ = await _deps(*_script(), store=store)
    await run_review(_args(), deps)

    view = await run_review(_args("--clear"), deps)

    assert (view.message, store.findings) == ("cleared 3 findings of the last review", [])


async def test_a_dismissed_finding_is_not_raised_again_by_the_next_review():
    store = FakeFindingsStore()
    deps, _ = await _deps(*_script(), *_script(), store=store)
    await run_review(_args(), deps)
    leak = next(f for f in store.findings if f.line == 3)

    dismissed = await run_review(_args("--dismiss", leak.id), deps)
    view = await run_review(_args(), deps)

    assert dismissed.message.startswith("dismissed src/app.py:3 [correctness] the file is never closed")
    assert "src/app.py:3: high [correctness] the file is never closed" not in view.lines
    assert "1 dismissed before" in view.message


async def test_dismissing_an_unknown_id_names_it():
    deps, _ = await _deps()

    with pytest.raises(CommandFailedError, match="no finding of the last review has the id 'nope'"):
        await run_review(_args("--dismiss", "nope"), deps)


async def test_a_lens_without_a_valid_answer_is_said_in_the_closing_line():
    deps, _ = await _deps(*[by_lens({"correctness": "{", "security": answer(ZERO)})] * 3)

    view = await run_review(_args("--lens", "correctness", "--lens", "security"), deps)

    assert "correctness (pass 1): no valid answer" in view.message
    assert view.lines == ("src/app.py:5: blocker [security] division by zero",)


REFUSED = LlmFailure("could not reach http://127.0.0.1:9/v1", kind="connection")


async def test_a_review_where_no_lens_answered_fails_with_exit_three_and_keeps_the_last_findings():
    store = FakeFindingsStore()
    deps, _ = await _deps(*_script(), REFUSED, REFUSED, store=store)
    await run_review(_args(), deps)

    view = await run_review(_args("--lens", "correctness", "--lens", "security", "--fail-on", "high"), deps)

    assert view.exit_code == 3 and view.lines == ()
    assert view.message.startswith("review failed: no lens gave a valid answer (2 of 2 calls)")
    assert len(store.findings) == 3


async def test_a_failed_review_in_sarif_is_an_unsuccessful_invocation_and_says_so_aside():
    deps, _ = await _deps(REFUSED)

    view = await run_review(_args("--lens", "security", "--format", "sarif"), deps)

    jsonschema.validate(view.data, SARIF_2_1_0_STRUCTURE)
    invocation = view.data["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is False and len(invocation["toolExecutionNotifications"]) == 1
    assert view.exit_code == 3 and view.aside.startswith("review failed")


async def test_a_partial_review_names_the_failed_lens_in_json():
    deps, _ = await _deps(*[by_lens({"correctness": REFUSED, "security": answer(ZERO)})] * 2)

    view = await run_review(_args("--lens", "correctness", "--lens", "security", "--format", "json"), deps)

    assert (view.data["status"], view.data["failed_lenses"]) == ("partial", ["correctness"])
    assert view.exit_code == 0 and "partial review: no valid answer from correctness" in view.aside


async def test_the_lenses_run_three_at_once_by_default_and_as_review_concurrency_says():
    default = ScriptedChatModel([answer()] * 5)
    one_at_a_time = ScriptedChatModel([answer()] * 5)
    deps = await make_deps(chat_model=default, review_source=FakeReviewSource(DIFF))
    alone = await make_deps(chat_model=one_at_a_time, review_source=FakeReviewSource(DIFF))
    await alone.config.set_value("review.concurrency", "1", "session")

    await run_review(_args(), deps)
    await run_review(_args(), alone)

    assert (default.max_active, one_at_a_time.max_active) == (3, 1)


async def test_review_deadline_stops_the_lenses_still_running():
    model = ScriptedChatModel([answer()], hold=asyncio.Event())
    deps = await make_deps(chat_model=model, review_source=FakeReviewSource(DIFF))
    await deps.config.set_value("review.deadline", "1", "session")

    view = await run_review(_args("--lens", "tests"), deps)

    assert view.exit_code == 3 and "the review's deadline of 1 s passed (review.deadline)" in view.message


CONFIG = "def load_config(path):\n    return open(path).read()\n"
CLI = "from config import load_config\n\n\ndef main():\n    return load_config('app.toml')\n"
VAGUE = finding("config.py", 1, "def read_config(path):", "medium", "the name does not say what is read")


def _renamed_repo(tmp_path, cli_too):
    root = make_repo(tmp_path / "repo", {"config.py": CONFIG, "cli.py": CLI})
    (root / "config.py").write_text(CONFIG.replace("load_config", "read_config"), encoding="utf-8")
    if cli_too:
        (root / "cli.py").write_text(CLI.replace("load_config", "read_config"), encoding="utf-8")
    git(root, "add", "-A")
    return root


async def _review_repo(root):
    deps = await make_deps(chat_model=ScriptedChatModel([by_lens({"maintainability": answer(VAGUE)})] * 6),
                           review_source=GitPythonReviewSource(str(root), str(root)),
                           findings_store=FakeFindingsStore())
    return await run_review(_args("--format", "json"), deps)


async def test_a_complete_public_rename_in_a_real_repository_caps_its_medium_finding_and_says_why(tmp_path):
    view = await _review_repo(_renamed_repo(tmp_path, cli_too=True))

    assert [(f["severity"], f["capped"]) for f in view.data["findings"]] == [
        ("low", {"from": "medium",
                 "reason": "severity capped: the change to config.py only renames `load_config` to `read_config`"})]
    assert view.data["capped"] == 1 and {f["path"] for f in view.data["neutral_files"]} == {"config.py", "cli.py"}
    assert "1 capped at low (behaviour-neutral change)" in view.aside


async def test_a_rename_whose_old_name_another_file_still_uses_keeps_its_finding(tmp_path):
    view = await _review_repo(_renamed_repo(tmp_path, cli_too=False))

    assert [(f["severity"], f["capped"]) for f in view.data["findings"]] == [("medium", None)]
    assert view.data["capped"] == 0


CHANNELS = 'def prepare(channel, text):\n    """The text as the channel sends it."""\n    return text.upper()\n'
SERVICE = "import channels\n\n\ndef plan(text):\n    return channels.prepare('sms', text)\n"


def _swapped_repo(tmp_path):
    root = make_repo(tmp_path / "repo", {"channels.py": CHANNELS, "service.py": SERVICE})
    (root / "service.py").write_text(SERVICE.replace("('sms', text)", "(text, 'sms')"), encoding="utf-8")
    git(root, "add", "-A")
    return root


async def _prompts_of_review(root, *settings):
    from orkeon_engine.adapters.tree_sitter_code_index import TreeSitterCodeIndex

    model = ScriptedChatModel([answer()] * 5)
    deps = await make_deps(chat_model=model, review_source=GitPythonReviewSource(str(root), str(root)),
                           findings_store=FakeFindingsStore(), code_index=TreeSitterCodeIndex(root, None))
    for key, value in settings:
        await deps.config.set_value(key, value, "session")
    await run_review(_args("--format", "json"), deps)
    return [request.messages[-1].text for request in model.requests]


async def test_each_lens_is_shown_the_definition_a_changed_call_uses_from_another_file_of_a_real_repository(tmp_path):
    prompts = await _prompts_of_review(_swapped_repo(tmp_path))

    assert len(prompts) == 5
    assert all("channels.py, lines 1-3 (`prepare`):\n     1  def prepare(channel, text):" in p for p in prompts)


async def test_review_definitions_off_shows_none(tmp_path):
    prompts = await _prompts_of_review(_swapped_repo(tmp_path), ("review.definitions", "false"))

    assert prompts and not any("def prepare(channel, text)" in p for p in prompts)
