"""What the commit crew shows: the confirmation, the refusals and the pull request body."""

from __future__ import annotations

from collections.abc import Sequence

from orkeon_engine.crews.git_commit.paths import Selection
from orkeon_engine.crews.git_commit.secrets import CredentialHit

COMMIT = "Commit"
EDIT = "Edit message"
CANCEL = "Cancel"
CHOICES = [COMMIT, EDIT, CANCEL]

IDENTITY_COMMANDS = (
    'git config --global user.name "Your Name"',
    'git config --global user.email "you@example.com"',
)
PR_NOT_ASKED = "--pr was not given (/commit --pr opens it through the GitHub API)"


def identity_missing() -> str:
    """The refusal when git has no identity: the two commands that give it one."""
    return ("git has no identity to commit with (git var GIT_AUTHOR_IDENT and GIT_COMMITTER_IDENT give none), "
            "and Orkeon never invents one. Set yours, then run /commit again:\n  "
            + "\n  ".join(IDENTITY_COMMANDS))


def secret_paths_refusal(found: Sequence[tuple[str, str]]) -> str:
    listed = "\n".join(f"  {path} ({reason})" for path, reason in found)
    return ("not committed: these paths usually hold secrets:\n" + listed + "\nName the paths to commit "
            "without them (/commit <paths>), or commit them with git yourself if they hold no secret.")


def credentials_refusal(hits: Sequence[CredentialHit]) -> str:
    listed = "\n".join(f"  {hit.describe()}" for hit in hits[:20])
    more = f"\n  ... and {len(hits) - 20} more" if len(hits) > 20 else ""
    return ("not committed: the change holds what looks like a credential (no message was drafted):\n"
            + listed + more + "\nMove the value out of the code (an environment variable, a secret store) "
            "and run /commit again.")


def left_out_note(selection: Selection) -> str:
    if not selection.left_out:
        return ""
    count = len(selection.left_out)
    noun = "path" if count == 1 else "paths"
    where = ", ".join(f"{folder}/" for folder in selection.folders)
    return f"left out: {count} {noun} under Orkeon's folders ({where}); name a path inside one to commit it"


def named_inside_note(selection: Selection) -> str:
    """What the commit takes from Orkeon's folders because a path inside them was named."""
    if not selection.named_inside:
        return ""
    return f"taken from Orkeon's folders because named: {', '.join(selection.named_inside)}"


def file_lines(selection: Selection) -> list[str]:
    out: list[str] = []
    for entry in selection.entries:
        source = f" (from {entry.original})" if entry.original else ""
        out.append(f"  {entry.code.replace(' ', '.')} {entry.path}{source}")
    return out


def confirmation(selection: Selection, message: str, branch: str | None) -> str:
    """The question put to the person: the files, what was left out, and the message."""
    count = len(selection.entries)
    where = f" on {branch}" if branch else " (detached HEAD)"
    parts = [f"Commit {count} {'file' if count == 1 else 'files'}{where}:", *file_lines(selection)]
    parts += [note for note in (left_out_note(selection), named_inside_note(selection)) if note]
    parts += ["", "Message:", message]
    return "\n".join(parts)


def pr_body(message: str, commit_id: str, files: Sequence[str]) -> str:
    """The pull request's body as markdown: the message's subject as title, its body, the commit, the files."""
    subject, _, body = message.strip().partition("\n")
    listed = "\n".join(f"- `{path}`" for path in files)
    return f"# {subject}\n\n{body.strip()}\n\n## Commit\n\n- {commit_id} {subject}\n\n## Files\n\n{listed}\n"
