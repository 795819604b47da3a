from orkeon_engine.crews.project_init.merge import keep_existing, normalize_line, strip_fence
from orkeon_engine.domain.workspace.project_files import SourceText

CLAUDE = SourceText("CLAUDE.md", "# Notes\n\n- Run `make test` before committing.\n- Never edit generated/ by hand.\n")


def test_lines_the_draft_already_holds_are_not_repeated():
    draft = "# AGENTS.md\n\n## Commands\n- Run `make test` before committing.\n- Never edit generated/ by hand.\n"

    merged = keep_existing(draft, [CLAUDE])

    assert merged.text == draft
    assert merged.carried == {}


def test_a_rule_the_draft_dropped_is_appended_verbatim_under_its_file():
    draft = "# AGENTS.md\n\n- Run `make test` before committing.\n"

    merged = keep_existing(draft, [CLAUDE])

    assert merged.carried == {"CLAUDE.md": 1}
    assert merged.text.endswith("## Kept from CLAUDE.md\n\nThese lines of the earlier instructions are kept as "
                                "they were written.\n\n- Never edit generated/ by hand.\n")


def test_bullets_headings_and_emphasis_do_not_count_as_a_difference():
    assert normalize_line("  * **Never**   edit it") == normalize_line("1. Never edit it")


def test_a_fence_around_the_whole_answer_is_removed():
    assert strip_fence("```markdown\n# AGENTS.md\ntext\n```") == "# AGENTS.md\ntext\n"


from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from orkeon_engine.crews.project_init.merge import meaningful  # noqa: E402

LINES = st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n\x0b\x0c"
                                                "\x1c\x1d\x1e\x85\u2028\u2029"), max_size=40), max_size=12)


@given(LINES, LINES)
def test_no_meaningful_line_of_an_existing_file_is_ever_lost(draft_lines, source_lines):
    source = SourceText("CLAUDE.md", "\n".join(source_lines))

    merged = keep_existing("\n".join(draft_lines), [source])

    kept = {normalize_line(line) for line in merged.text.splitlines()}
    assert all(normalize_line(line) in kept or normalize_line(line) in " ".join(kept)
               for line in source_lines if meaningful(line))
