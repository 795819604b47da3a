from orkeon_engine.crews.init_verifiers.playbooks import (
    MISSING_SECTION,
    PLAYBOOK_SECTIONS,
    parse_sections,
    render_playbook,
)
from orkeon_engine.domain.checks.project_tooling import playbook_path

ANSWER = """Sure, here it is.
## Prerequisites
- Python 3.11 and `make setup`.
## 2. Steps
1. `python -m pytest tests/test_app.py::test_one`
2. `make test`
### Notes
Run from the root.
## Expected signal:
Every test passes.
"""


def test_the_answer_is_split_into_the_outline_sections_and_its_preamble_dropped():
    sections = parse_sections(ANSWER)

    assert list(sections) == ["Prerequisites", "Steps", "Expected signal"]
    assert sections["Steps"].endswith("### Notes\nRun from the root.")


def test_the_playbook_always_has_the_four_sections_in_order_a_missing_one_said_so():
    text, missing = render_playbook("the project root", parse_sections(ANSWER))

    assert missing == ["What to report"]
    positions = [text.index(f"## {section}") for section in PLAYBOOK_SECTIONS]
    assert positions == sorted(positions)
    assert text.startswith("# Verify the project root\n")
    assert text.rstrip().endswith(MISSING_SECTION)


def test_a_zone_playbook_lives_under_the_verifiers_folder():
    assert playbook_path("editors-vscode") == ".orkeon/verifiers/editors-vscode.md"


from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@given(st.text(max_size=400))
def test_any_answer_gives_a_playbook_with_the_four_sections(answer):
    text, _ = render_playbook("zone", parse_sections(answer))

    assert [line for line in text.splitlines() if line.startswith("## ")][:4] == \
        [f"## {section}" for section in PLAYBOOK_SECTIONS]


def test_a_heading_inside_a_section_is_demoted_below_the_outline():
    text, _ = render_playbook("zone", parse_sections("## Steps\n## Extra notes\n1. `make test`"))

    assert "### Extra notes" in text
    assert [line for line in text.splitlines() if line.startswith("## ")] == \
        [f"## {section}" for section in PLAYBOOK_SECTIONS]
