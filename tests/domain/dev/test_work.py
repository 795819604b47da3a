from orkeon_engine.domain.dev.brief import ChangeBrief
from orkeon_engine.domain.dev.questions import OpenQuestion, QuestionBook
from orkeon_engine.domain.dev.spec import Spec
from orkeon_engine.domain.dev.work import kind_of, parse_work, render_work, section_numbers, with_questions

SPEC = Spec("cart", "Carts", "Keep carts.")
BRIEF = ChangeBrief("total", "perf", "Slow totals", "Totals are slow.")


def test_each_kind_reads_back_through_the_same_door():
    assert parse_work("spec", render_work(SPEC), "spec.md") == SPEC
    assert parse_work("brief", render_work(BRIEF), "brief.md") == BRIEF


def test_the_kind_the_sections_and_the_questions_follow_the_file():
    book = QuestionBook((OpenQuestion("Q1", "Major", "Why?", ("a", "b")),))

    assert (kind_of(SPEC), kind_of(BRIEF)) == ("spec", "brief")
    assert (max(section_numbers("spec")), max(section_numbers("brief"))) == (13, 9)
    assert with_questions(BRIEF, book).questions == book
