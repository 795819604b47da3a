"""Attacks on the behaviour-neutral cap: a hostile diff must not make the review quiet. A real bug dressed as
a rename or a reformat (swapped arguments, an inverted boolean, a changed constant, a dropped call, an
off-by-one) is never proven neutral, and its findings keep their severity."""

import difflib

import pytest

from orkeon_engine.commands.git.review import ARGS, run_review
from orkeon_engine.domain.review.behaviour_neutral import classify, settle
from orkeon_engine.domain.ui.args import parse_args
from tests.support.deps import make_deps
from tests.support.doubles.fake_findings_store import FakeFindingsStore
from tests.support.doubles.fake_review_source import FakeReviewSource
from tests.support.review_script import answer, by_lens, finding
from tests.support.scripted_chat_model import ScriptedChatModel

BASE = '''def area(width, height):
    check(width)
    return scale(width, height)


def is_ready(job, strict=True):
    """Whether the job may start."""
    return job.done and strict


LIMIT = 10


def clean(name):
    return name.strip()


def last(items):
    return items[len(items) - 1]
'''
ATTACKS = {
    "swapped arguments": ("scale(width, height)", "scale(height, width)"),
    "an inverted boolean": ("job.done and strict", "job.done and not strict"),
    "a changed default": ("strict=True", "strict=False"),
    "a changed constant": ("LIMIT = 10", "LIMIT = 11"),
    "a dropped call": ("name.strip()", "name"),
    "an off-by-one": ("len(items) - 1", "len(items)"),
    "a bug beside a rename": ("return items[len(items) - 1]", "return items[len(items)]"),
}


def _attacked(what):
    old, new = ATTACKS[what]
    text = BASE.replace(old, new)
    if what == "a bug beside a rename":
        text = text.replace("clean(name)", "clean(label)").replace("name.strip()", "label.strip()")
    return text


def _diff(path, old, new):
    lines = difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True),
                                 f"a/{path}", f"b/{path}")
    return f"diff --git a/{path} b/{path}\n" + "".join(lines)


@pytest.mark.parametrize("what", sorted(ATTACKS))
def test_a_real_bug_is_never_proven_neutral(what):
    change = classify("shapes.py", BASE, _attacked(what))

    assert change.kind is None


@pytest.mark.parametrize("what", sorted(ATTACKS))
async def test_the_findings_on_a_real_bug_keep_their_severity(what):
    new = _attacked(what)
    changed = [line for line in new.splitlines() if line not in BASE.splitlines()][-1]
    number = new.splitlines().index(changed) + 1
    raised = finding("shapes.py", number, changed, "high", "the change breaks the behaviour")
    source = FakeReviewSource(_diff("shapes.py", BASE, new), {"shapes.py": BASE}, {"shapes.py": new})
    deps = await make_deps(chat_model=ScriptedChatModel([by_lens({"correctness": answer(raised)})] * 6),
                           review_source=source, findings_store=FakeFindingsStore())

    view = await run_review(parse_args("review", ARGS, ["--format", "json"]), deps)

    assert [(f["severity"], f["capped"]) for f in view.data["findings"]] == [("high", None)]
    assert view.data["capped"] == 0 and view.data["neutral_files"] == []


def test_a_rename_that_captures_a_name_already_used_is_not_proven():
    old = "def f(items):\n    total = 0\n    count = len(items)\n    return total + count\n"

    change = classify("a.py", old, old.replace("total", "count"))

    assert change.kind is None


def test_a_comment_that_hides_code_in_javascript_is_not_taken_for_a_comment():
    old = "const r = /[/*]/; run(1); // */\n"

    change = classify("a.js", old, old.replace("run(1)", "run(2)"))

    assert change.kind is None


def test_an_attribute_of_an_outside_module_renamed_with_a_function_of_the_same_name_is_not_proven():
    helper = classify("tools.py", "def getcwd():\n    return '.'\n", "def here():\n    return '.'\n")
    user = classify("main.py", "import os\n\n\ndef where():\n    return os.getcwd()\n",
                    "import os\n\n\ndef where():\n    return os.here()\n")

    settled = settle([helper, user], {"getcwd": ()})

    assert settled[1].kind is None


def test_an_attribute_of_an_object_is_never_taken_for_a_module():
    change = classify("main.py", "def f(r):\n    return r.prepare()\n", "def f(r):\n    return r.compose()\n")

    assert change.kind is None
