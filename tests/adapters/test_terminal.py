import io
import shutil

from orkeon_engine.adapters.terminal import (
    DEFAULT_WIDTH,
    TerminalHumanInput,
    TerminalProgress,
    print_notice,
    terminal_width,
)


def test_the_width_is_columns_when_set():
    assert terminal_width({"COLUMNS": "132"}) == 132


def test_without_columns_the_width_is_the_one_shutil_gives(monkeypatch):
    # shutil's rule, without importing shutil: COLUMNS unset, not a number or not positive: the terminal's,
    # else the default
    monkeypatch.delenv("COLUMNS", raising=False)
    expected = shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns

    assert terminal_width({}) == terminal_width({"COLUMNS": "wide"}) == terminal_width({"COLUMNS": "0"}) == expected


def test_progress_lines_name_the_title_when_there_is_one():
    out = io.StringIO()
    progress = TerminalProgress(out)
    progress.begin("review", "2 lenses")
    progress.report("security lens", 50)

    progress.end("3 findings")

    expected = ["… review: 2 lenses", "… review: security lens (50%)", "✓ review: 3 findings"]
    assert out.getvalue().splitlines() == expected


def test_a_report_without_a_begin_is_the_message_alone():
    out = io.StringIO()

    TerminalProgress(out).report("indexing the workspace")

    assert out.getvalue() == "… indexing the workspace\n"


def test_quiet_progress_writes_nothing():
    out = io.StringIO()

    TerminalProgress(out, quiet=True).report("x")

    assert out.getvalue() == ""


async def test_without_a_terminal_every_question_gets_no_answer():
    human = TerminalHumanInput(interactive=False)

    answers = [await human.choose("Allow?", ["Allow once", "Deny"]), await human.ask_text("Message?")]

    assert answers == [None, None]


async def test_without_a_terminal_a_question_with_a_free_answer_gets_none():
    assert await TerminalHumanInput(interactive=False).choose_or_write("Guests?", ["Yes", "No"]) is None


async def test_a_free_answer_is_a_number_an_options_words_or_the_persons_own():
    out = io.StringIO()
    human = TerminalHumanInput(interactive=True, out=out, given=io.StringIO("2\nmembers only\n"))

    answers = [await human.choose_or_write("Guests?", ["Yes", "No"]),
               await human.choose_or_write("Guests?", ["Yes", "No"])]

    assert answers == ["No", "members only"]
    assert "  2) No\nchoose 1-2, or write your own answer: " in out.getvalue()


def test_a_notice_is_one_line_of_its_own():
    out = io.StringIO()

    print_notice("loading the model client", out)

    assert out.getvalue() == "… loading the model client\n"
