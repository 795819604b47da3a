import pytest
from pydantic import ValidationError

from orkeon_engine.crews.git_commit.message import CommitDraft, message_problems, render_message, wrap_body


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


def test_a_first_line_over_72_characters_is_refused_with_its_length():
    with pytest.raises(ValidationError, match="has 81 characters; keep it within 72"):
        draft(subject="x" * 70)


def test_a_subject_ending_with_a_period_is_refused():
    with pytest.raises(ValidationError, match="must not end with a period"):
        draft(subject="add things.")


def test_an_empty_body_is_refused_because_the_body_says_why():
    with pytest.raises(ValidationError, match="say why"):
        draft(body="  ")


def test_a_type_outside_conventional_commits_is_refused():
    with pytest.raises(ValidationError):
        draft(type="feature")


def test_a_scope_with_spaces_is_refused():
    with pytest.raises(ValidationError, match="must be one word"):
        draft(scope="the git group")


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
