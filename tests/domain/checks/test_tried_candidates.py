"""What the later candidates are told of the earlier ones: the latest tried changes as short diffs with the
failure each left, and the answers that wrote the code back unchanged."""

from __future__ import annotations

from orkeon_engine.domain.checks.tried_candidates import DIFF_LINES, SHOWN_TRIED, Tried, tried_section
from orkeon_engine.domain.checks.turn_checks import CheckOutcome, TurnCheck

SOURCE = "def quiet(hour, start=22, end=7):\n    return hour < start or hour < end\n"
SOURCES = {"notifier/service.py": SOURCE, "notifier/config.py": "START = 22\n"}


def _failed(text: str) -> CheckOutcome:
    return CheckOutcome(TurnCheck("python -m pytest"), "failed", 1, text)


def _tried(new: str, failure: str = "E  assert True is False\n1 failed, 3 passed") -> Tried:
    return Tried({"notifier/service.py": SOURCE.replace("hour < end", new)}, _failed(failure))


def test_nothing_tried_and_nothing_unchanged_adds_nothing():
    assert tried_section([], 0, SOURCES) == ""


def test_a_tried_change_is_shown_as_its_diff_and_the_failure_it_left():
    text = tried_section([_tried("hour >= end")], 0, SOURCES)

    assert "Do not write them again" in text and "Tried change 1:" in text
    assert "-    return hour < start or hour < end\n+    return hour < start or hour >= end" in text
    assert "`python -m pytest` then failed with:\nE  assert True is False\n1 failed, 3 passed" in text
    assert "config.py" not in text  # a file the change did not write is not shown


def test_only_the_latest_tried_changes_are_shown_numbered_as_tried():
    tried = [_tried(f"hour < end + {index}") for index in range(SHOWN_TRIED + 2)]

    text = tried_section(tried, 0, SOURCES)

    dropped = len(tried) - SHOWN_TRIED  # changes 1 and 2 (written `+ 0` and `+ 1`) are left out
    assert f"Tried change {dropped}:" not in text and f"hour < end + {dropped - 1}\n" not in text
    assert f"Tried change {dropped + 1}:" in text and f"hour < end + {dropped}\n" in text
    assert text.count("Tried change") == SHOWN_TRIED


def test_a_long_diff_is_cut_and_says_so():
    long_source = "".join(f"x{index} = {index}\n" for index in range(60))
    changed = long_source.replace(" = ", " == ")

    text = tried_section([Tried({"big.py": changed}, _failed("E  boom\n1 failed"))], 0, {"big.py": long_source})

    diff = text.split("```diff\n")[1].split("\n```")[0].split("\n")
    assert len(diff) == DIFF_LINES + 3 and diff[-1].startswith("... (") and "more diff lines)" in diff[-1]


def test_blank_lines_the_change_added_or_removed_are_not_shown():
    spaced = SOURCE.replace("\n    return", "\n\n\n    return").replace("hour < end", "hour >= end")

    text = tried_section([Tried({"notifier/service.py": spaced}, _failed("E  x\n1 failed"))], 0, SOURCES)

    diff = text.split("```diff\n")[1].split("\n```")[0].split("\n")
    assert [line for line in diff if line[:1] in "+-" and not line.startswith(("---", "+++"))] == [
        "-    return hour < start or hour < end", "+    return hour < start or hour >= end"]


def test_the_failure_a_tried_change_left_is_its_first_error_and_its_last_line():
    pytest = ("--- test_add\n>   assert run(['add']) == ['added 1']\nE   AttributeError: no parse_args\n"
              "E   more detail\ntodo/cli.py:37: AttributeError\nFAILED tests/test_cli.py::test_add\n11 failed in 0.1s")
    tap = "# Subtest: slugify\nnot ok 1 - lowers the case\n  ---\n  expected: 'a-b'\n# fail 1"
    unknown = "something went wrong\nand ended"

    def shown(failure: str) -> str:
        return tried_section([_tried("hour >= end", failure)], 0, SOURCES).split("then failed with:\n")[1]

    assert shown(pytest) == "E   AttributeError: no parse_args\n11 failed in 0.1s"
    assert shown(tap) == "not ok 1 - lowers the case\n# fail 1"
    assert shown(unknown) == "something went wrong\nand ended"
    assert shown("1 error in 0.2s") == "1 error in 0.2s"


def test_answers_that_wrote_the_code_back_unchanged_are_counted():
    assert tried_section([], 1, SOURCES).startswith("An answer wrote the shown code back unchanged")
    both = tried_section([_tried("hour >= end")], 2, SOURCES)
    assert "Tried change 1:" in both and both.endswith("something in it has to change.")
    assert "2 answers wrote the shown code back unchanged" in both
