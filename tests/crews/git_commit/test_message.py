import re

import pytest
from pydantic import ValidationError

from orkeon_engine.crews.git_commit.message import (
    MAX_SCOPE,
    MAX_SUBJECT,
    CommitDraft,
    message_problems,
    render_message,
    wrap_body,
)
from orkeon_engine.domain.model_replies.model_json import describe_validation_error


def draft(**fields):
    values = {"type": "feat", "scope": "git", "subject": "add the commit command",
              "body": "People can now commit from the editor."}
    values.update(fields)
    return CommitDraft(**values)


def test_a_draft_renders_as_a_conventional_header_a_blank_line_and_the_body():
    message = render_message(draft())

    assert message == "feat(git): add the commit command\n\nPeople can now commit from the editor."
    assert message_problems(message) == []


def test_a_breaking_change_is_marked_in_the_header_and_no_scope_leaves_no_parentheses():
    assert draft(scope=None, breaking=True).header() == "feat!: add the commit command"


def problems_of(**fields):
    with pytest.raises(ValidationError) as failure:
        draft(**fields)
    return describe_validation_error(failure.value).splitlines()


def test_a_subject_over_its_limit_is_refused_naming_the_field_the_rule_and_the_value():
    assert problems_of(subject="x" * 70) == [f"- subject: at most {MAX_SUBJECT} characters, was 70: '{'x' * 70}'"]


def test_the_schema_states_the_limits_a_grammar_keeps():
    properties = CommitDraft.model_json_schema()["properties"]
    scope = properties["scope"]["anyOf"][0]

    assert properties["subject"]["maxLength"] == MAX_SUBJECT == 61
    assert re.fullmatch(properties["subject"]["pattern"], "x" * 61)
    assert not re.fullmatch(properties["subject"]["pattern"], "x" * 62)
    assert not re.fullmatch(properties["subject"]["pattern"], "two\nlines")
    assert re.fullmatch(scope["pattern"], "calc") and not re.fullmatch(scope["pattern"], "calc.py")
    assert properties["type"]["enum"][0] == "feat" and properties["body"]["minLength"] == 1


def test_every_draft_the_schema_allows_has_a_first_line_within_72_characters():
    longest = draft(type="refactor", scope="s" * MAX_SCOPE, subject="y" * MAX_SUBJECT, breaking=True)

    assert len(longest.header()) <= 72 and longest.scope is None


def test_a_scope_that_fits_beside_the_subject_is_kept():
    assert draft(type="fix", scope="calc", subject="y" * 50).scope == "calc"


@pytest.mark.parametrize(("subject", "header"), [
    ("add things.", "feat(git): add things"),
    ("  add things  ", "feat(git): add things"),
    ("feat: add things", "feat(git): add things"),
    ("fix: fix: add things", "feat(git): add things"),
    ("feat(git): add things...", "feat(git): add things"),
])
def test_code_fixes_a_final_period_whitespace_and_a_repeated_type_prefix(subject, header):
    assert draft(subject=subject).header() == header


@pytest.mark.parametrize(("scope", "kept"), [
    ("calc.py", "calc"), ("src/Calc.py", "calc"), ("README", "readme"), ("(git)", "git"),
    ("null", None), ("the git group", None), ("a-scope-far-too-long", None),
])
def test_code_fixes_a_scope_naming_a_file_and_drops_one_that_is_no_short_word(scope, kept):
    assert draft(scope=scope).scope == kept


def test_an_empty_body_is_refused_because_the_body_says_why():
    assert problems_of(body="  ") == ["- body: at least 1 characters, was 0: ''"]


def test_a_type_outside_conventional_commits_is_refused_with_the_types():
    problem = problems_of(type="feature")[0]

    assert problem.startswith("- type: one of 'feat', 'fix',") and problem.endswith("was 'feature'")


def test_a_subject_of_two_lines_is_refused():
    assert problems_of(subject="add\nthings")[0].startswith("- subject: must match the pattern")


def test_the_body_is_wrapped_at_72_columns_and_bullets_keep_their_indent():
    body = wrap_body("word " * 30 + "\n\n- " + "item " * 20)

    assert all(len(line) <= 72 for line in body.splitlines())
    assert body.splitlines()[-1].startswith("  ")


@pytest.mark.parametrize(("message", "problem"), [
    ("", "the message is empty"),
    ("added stuff\n\nbecause", "is not '<type>(<scope>): <subject>'"),
    ("feature: x\n\nbecause", "the type 'feature' is not one of"),
    ("fix: " + "y" * 70 + "\n\nbecause", "has 75 characters"),
    ("fix: y", "a blank line and a body must follow"),
])
def test_a_message_text_is_checked_by_code(message, problem):
    assert any(problem in p for p in message_problems(message))


def test_a_narrowed_draft_offers_only_the_types_code_allows_and_refuses_another():
    from pydantic import ValidationError

    from orkeon_engine.crews.git_commit.message import COMMIT_TYPES, CommitDraft, draft_model

    narrowed = draft_model(("docs",))
    schema = narrowed.model_json_schema()

    assert schema["properties"]["type"].get("enum", [schema["properties"]["type"].get("const")]) == ["docs"]
    assert narrowed.model_validate({"type": "docs", "subject": "explain the cache", "body": "b"}).type == "docs"
    with pytest.raises(ValidationError):
        narrowed.model_validate({"type": "fix", "subject": "explain the cache", "body": "b"})
    assert draft_model(COMMIT_TYPES) is CommitDraft and draft_model(()) is CommitDraft
