from orkeon_engine.crews.git_commit.paths import Selection
from orkeon_engine.crews.git_commit.render import (
    confirmation,
    credentials_refusal,
    identity_missing,
    pr_body,
    secret_paths_refusal,
)
from orkeon_engine.crews.git_commit.secrets import CredentialHit
from orkeon_engine.domain.git.git import StatusEntry


def test_the_identity_refusal_hands_over_the_two_git_config_commands():
    text = identity_missing()

    assert 'git config --global user.name "Your Name"' in text
    assert 'git config --global user.email "you@example.com"' in text


def test_the_confirmation_lists_the_files_the_message_and_what_was_left_out():
    selection = Selection((StatusEntry("a.py", " M"),), left_out=(".orkeon/local/x",))

    text = confirmation(selection, "fix: a\n\nwhy", "main")

    assert text.startswith("Commit 1 file on main:\n  .M a.py\n")
    assert "left out: 1 path under Orkeon's folders (.orkeon/local/, .orkeon/work/)" in text
    assert text.endswith("Message:\nfix: a\n\nwhy")


def test_refusals_name_the_paths_and_the_lines():
    assert "  .env (an environment file)" in secret_paths_refusal([(".env", "an environment file")])
    assert "  a.py:3: a GitHub token" in credentials_refusal([CredentialHit("a.py", 3, "a GitHub token")])


def test_the_pr_body_takes_the_subject_as_title_and_lists_commit_and_files():
    body = pr_body("feat: x\n\nbecause y", "abc1234", ["a.py"])

    assert body == "# feat: x\n\nbecause y\n\n## Commit\n\n- abc1234 feat: x\n\n## Files\n\n- `a.py`\n"


def test_the_confirmation_says_what_was_taken_from_orkeons_folders_because_named():
    entry = StatusEntry(".orkeon/work/cart/spec.md", "??")
    selection = Selection((entry,), named_inside=(entry.path,))

    assert "taken from Orkeon's folders because named: .orkeon/work/cart/spec.md" in confirmation(selection, "m", None)
