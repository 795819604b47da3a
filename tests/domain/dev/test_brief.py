import pytest
from hypothesis import given

from orkeon_engine.domain.dev.brief import ChangeBrief, Criterion, Guard, RunRecord, parse_brief, render_brief
from orkeon_engine.domain.dev.sections import DevFileError
from tests.support.dev_strategies import briefs

BRIEF = ChangeBrief(
    code="login-crash", kind="bug", title="The login page crashes on an empty password",
    request="Logging in with an empty password shows a crash.",
    facts=("The password is checked before the account is looked up.",),
    current=("An empty password raises instead of being refused.",),
    run=RunRecord("python -m pytest tests/test_login.py::test_empty_password", 1, 2345,
                  "FAILED tests/test_login.py::test_empty_password\n```\n1 failed"),
    expected=("An empty password is refused with a message.",),
    criteria=(Criterion("CH1", "An empty password is refused.", "tests/test_login.py::test_empty_password passes"),),
    must_not_change=(Guard("A good password logs in.", "tests/test_login.py::test_good_password"),
                     Guard("Locked accounts stay locked.")),
)


def test_a_brief_is_written_in_nine_sections_the_third_named_after_its_kind():
    text = render_brief(BRIEF)

    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings[2] == "## 3. Reproduction" and headings[-1] == "## 9. Decisions" and len(headings) == 9
    assert "Result: exit code 1 after 2.345 s" in text and "\n````text\n" in text
    assert "- Locked accounts stay locked. — unpinned" in text


def test_a_written_brief_reads_back():
    assert parse_brief(render_brief(BRIEF)) == BRIEF


@given(briefs())
def test_any_brief_reads_back_as_written(brief):
    assert parse_brief(render_brief(brief)) == brief


def test_a_run_that_timed_out_says_so():
    text = render_brief(ChangeBrief("slow", "perf", "Slow export", "It is slow.",
                                    run=RunRecord("make bench", None, 600_000, "")))

    assert "Result: timed out after 600.000 s" in text
    assert parse_brief(text).run == RunRecord("make bench", None, 600_000, "")


def test_an_unknown_kind_is_refused_with_the_kinds_accepted():
    text = render_brief(BRIEF).replace("Kind: bug", "Kind: feature")

    with pytest.raises(DevFileError, match="names 'feature'; expected bug, perf, behaviour"):
        parse_brief(text, "brief.md")


def test_a_guard_saying_neither_pinned_nor_unpinned_is_refused():
    text = render_brief(BRIEF).replace(" — unpinned", "")

    with pytest.raises(DevFileError, match="says neither"):
        parse_brief(text, "brief.md")


def test_the_ids_a_review_may_target_are_the_brief_and_its_criteria():
    assert BRIEF.ids() == ("brief", "CH1")
