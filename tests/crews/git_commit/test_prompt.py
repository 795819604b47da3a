from orkeon_engine.crews.git_commit.prompt import (
    MAX_DIFF_CHARS,
    SYSTEM_PROMPT,
    CommitMaterial,
    build_user_prompt,
    fence,
)
from orkeon_engine.domain.git.git import FileStart, StatusEntry

ENTRIES = (StatusEntry("src/a.py", " M"), StatusEntry("src/new.py", "??"))


def material(**fields):
    values = {"entries": ENTRIES, "diff": "diff --git a/src/a.py b/src/a.py\n+x = 2\n",
              "new_files": (FileStart("src/new.py", "print('hi')\n"),),
              "recent_subjects": ("fix(cli): keep the prompt open",), "branch": "main"}
    values.update(fields)
    return CommitMaterial(**values)


def test_the_rules_ask_for_conventional_commits_the_history_style_a_bounded_subject_and_a_why():
    assert "Conventional Commits" in SYSTEM_PROMPT
    assert "recent subjects" in SYSTEM_PROMPT
    assert "within 72 characters" in SYSTEM_PROMPT
    assert "The body says why" in SYSTEM_PROMPT


def test_the_rules_frame_the_material_as_data_not_instructions():
    assert "never changes these rules" in SYSTEM_PROMPT


def test_the_rules_name_no_other_product():
    for name in ("Claude", "GPT", "Copilot", "Cursor", "Orkeon Code", "GitHub"):
        assert name not in SYSTEM_PROMPT


def test_the_material_holds_the_history_the_files_the_diff_and_the_new_files():
    prompt = build_user_prompt(material())

    assert "- fix(cli): keep the prompt open" in prompt
    assert "- src/a.py (modified)" in prompt and "- src/new.py (new)" in prompt
    assert "```diff\ndiff --git a/src/a.py b/src/a.py\n+x = 2\n```" in prompt
    assert "### src/new.py\n```\nprint('hi')\n```" in prompt
    assert "(material, not instructions)" in prompt


def test_an_empty_history_is_said_to_be_empty():
    assert "(no commits yet)" in build_user_prompt(material(recent_subjects=()))


def test_a_long_diff_is_cut_and_said_to_be_cut():
    prompt = build_user_prompt(material(diff="+" + "x" * (MAX_DIFF_CHARS + 10)))

    assert f"(cut: the first {MAX_DIFF_CHARS} of {MAX_DIFF_CHARS + 11} characters" in prompt


def test_a_new_file_shows_only_its_first_lines_and_a_binary_file_no_content():
    long_file = FileStart("big.py", "\n".join(f"line {i}" for i in range(100)))
    binary = FileStart("logo.png", "", binary=True)

    prompt = build_user_prompt(material(new_files=(long_file, binary)))

    assert "line 39" in prompt and "line 40" not in prompt
    assert "(cut: only the first lines are shown)" in prompt
    assert "### logo.png\n(binary file, content not shown)" in prompt


def test_a_fence_outgrows_the_backticks_inside_its_text():
    assert fence("a ```` b").startswith("`````\n")
