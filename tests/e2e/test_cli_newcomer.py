"""End to end: the `orkeon` command line as a newcomer meets it, each point run as a real process.

One session per workspace continued by one-shot commands, the workspace found from a subfolder, real paths,
commands that do what their help says (the prompt driven through a pty), /doctor's checks, and tables that
fit the terminal. The model is the loopback stub; git repositories are real.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import shutil
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from orkeon_engine.adapters.workspace_state import workspace_key
from tests.support.stub_openai_server import StubOpenAIServer
from tests.support.temp_git import git, make_repo

ROOT = Path(__file__).resolve().parents[2]
REQUEST = "what does app.py do?"
ANSWER = "app.py prints hello."
SESSION_LINE = re.compile(r"^session\s+([0-9a-f]+)\b", re.MULTILINE)


def _env(home: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ORKEON_") and k not in ("COLUMNS", "LINES")}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), XDG_STATE_HOME=str(home / ".state"),
               LITELLM_LOCAL_MODEL_COST_MAP="True",
               PYTHONPATH=str(ROOT))
    env.update(extra or {})
    return env


def orkeon(cwd: Path, *args: str, home: Path, extra: dict[str, str] | None = None,
           stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """`orkeon ARGS` in `cwd`; stdin a pipe holding `stdin`, or nothing (so no terminal either way)."""
    return subprocess.run([sys.executable, "-m", "orkeon_engine.cli", *args], cwd=cwd, env=_env(home, extra),
                          input=stdin if stdin is not None else "", capture_output=True, text=True, timeout=120)


def model_env(stub: StubOpenAIServer) -> dict[str, str]:
    return {"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url}


def session_of(cwd: Path, home: Path) -> str:
    done = orkeon(cwd, "status", home=home)
    found = SESSION_LINE.search(done.stdout)
    assert found, done.stdout + done.stderr
    return found.group(1)


@pytest.fixture(scope="module")
def talked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A repository whose workspace held one turn of the assistant (one `orkeon assistant` run)."""
    base = tmp_path_factory.mktemp("talked")
    repo = make_repo(base / "app", {"app.py": "print('hello')\n", "src/pkg/mod.py": "X = 1\n"})
    with StubOpenAIServer([{"content": ANSWER}]) as stub:
        done = orkeon(repo, "assistant", REQUEST, home=base / "home", extra=model_env(stub))
    assert done.returncode == 0, done.stderr
    assert ANSWER in done.stdout
    return repo


@pytest.fixture
def workspace(talked: Path, tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the talked-to repository this test may change, and a home folder for it."""
    repo = tmp_path / "app"
    shutil.copytree(talked, repo, symlinks=True)
    # a copy elsewhere is another workspace: its state folder comes along, into this test's home
    shutil.copytree(state_folder(talked, talked.parent / "home"), state_folder(repo, tmp_path / "home"))
    return repo, tmp_path / "home"


def state_folder(repo: Path, home: Path) -> Path:
    """The workspace's private state folder (in the person's state folder, keyed by the workspace's path)."""
    return home / ".state" / "orkeon" / "workspaces" / workspace_key(repo)


# 1. One session per workspace, continued -------------------------------------------------------------------

def test_usage_right_after_the_assistant_counts_its_call(workspace):
    repo, home = workspace

    done = orkeon(repo, "usage", home=home)

    assert done.returncode == 0, done.stderr
    assert f"Session {session_of(repo, home)}: 1 model calls" in done.stdout
    assert "command /assistant" in done.stdout


def test_summary_right_after_the_assistant_summarises_that_conversation(workspace):
    repo, home = workspace
    with StubOpenAIServer([{"content": "Where things stand: app.py was explained."}]) as stub:
        done = orkeon(repo, "summary", home=home, extra=model_env(stub))
        (request,) = stub.requests

    assert done.returncode == 0, done.stderr
    assert "Where things stand: app.py was explained." in done.stdout
    sent = json.dumps(request["messages"])
    assert REQUEST in sent and ANSWER in sent


def test_export_right_after_the_assistant_writes_that_conversation(workspace):
    repo, home = workspace

    done = orkeon(repo, "export", "chat.md", home=home)

    assert done.returncode == 0, done.stderr
    text = (repo / "chat.md").read_text(encoding="utf-8")
    assert REQUEST in text and ANSWER in text


def test_new_starts_another_session_and_resume_makes_the_first_current_again(workspace):
    repo, home = workspace
    first = session_of(repo, home)

    started = orkeon(repo, "--new", "status", home=home)
    second = session_of(repo, home)
    listed = orkeon(repo, "resume", home=home)
    resumed = orkeon(repo, "resume", first, home=home)
    after = session_of(repo, home)
    usage = orkeon(repo, "usage", home=home)

    assert started.returncode == 0 and second != first and second in started.stdout
    rows = [line for line in listed.stdout.splitlines() if line.startswith(("*", " ")) or first in line]
    assert any(first in row for row in rows) and not any(row.split()[:1] == [second] for row in rows)
    assert f"The current session, {second}, holds no turn yet." in listed.stdout
    assert resumed.returncode == 0 and f"resumed {first}" in resumed.stdout
    assert after == first and "1 model calls" in usage.stdout


def test_clear_at_the_prompt_starts_another_session_that_the_next_command_continues(workspace):
    repo, home = workspace
    first = session_of(repo, home)

    cleared = orkeon(repo, home=home, stdin="/clear\n")
    now = session_of(repo, home)

    assert f"Continuing session {first} (2 entries); /clear starts another." in cleared.stdout
    assert cleared.returncode == 0 and f"session {first} (2 entries) stays saved" in cleared.stdout
    assert now != first and f"started session {now}" in cleared.stdout


def test_one_shot_commands_create_no_session_of_their_own(tmp_path):
    folder = tmp_path / "plain"
    folder.mkdir()
    home = tmp_path / "home"

    ids = {session_of(folder, home) for _ in range(3)}
    listed = orkeon(folder, "resume", home=home)

    assert len(ids) == 1
    assert listed.stdout.startswith("No saved session holds a turn yet")


# 2. The workspace is the repository -----------------------------------------------------------------------

def test_a_subfolder_uses_the_repository_s_settings_and_makes_no_second_orkeon_folder(workspace):
    repo, home = workspace
    (repo / ".orkeon" / "config.json").write_text('{"permissions.fallback": "plan"}', encoding="utf-8")
    sub = repo / "src" / "pkg"

    done = orkeon(sub, "mode", home=home)

    assert done.returncode == 0, done.stderr
    assert f"mode: plan (settings: {repo}/.orkeon/config.json)" in done.stdout
    assert not (sub / ".orkeon").exists() and not (repo / "src" / ".orkeon").exists()
    assert session_of(sub, home) == session_of(repo, home)


def test_without_orkeon_the_git_top_level_is_the_workspace(tmp_path):
    repo = make_repo(tmp_path / "fresh", {"lib/util.py": "Y = 2\n"})

    done = orkeon(repo / "lib", "status", home=tmp_path / "home")

    assert done.returncode == 0, done.stderr
    assert re.search(rf"^workspace\s+{re.escape(str(repo))}$", done.stdout, re.MULTILINE)
    state = state_folder(repo, tmp_path / "home") / "state.db"
    assert state.exists() and not (repo / ".orkeon" / "local" / "state.db").exists()
    assert not (repo / "lib" / ".orkeon").exists()


def test_the_workspace_flag_names_another_folder(workspace, tmp_path):
    repo, home = workspace
    other = tmp_path / "other"
    other.mkdir()

    done = orkeon(repo / "src", "--workspace", str(other), "status", home=home)

    assert re.search(rf"^workspace\s+{re.escape(str(other))}$", done.stdout, re.MULTILINE)


# 3. Paths people can open ---------------------------------------------------------------------------------

def test_export_to_a_path_outside_the_workspace_writes_that_real_file(workspace, tmp_path):
    repo, home = workspace
    target = tmp_path / "elsewhere" / "x.md"

    done = orkeon(repo, "export", str(target), home=home)

    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith(f"to {target}")
    assert REQUEST in target.read_text(encoding="utf-8")


def test_export_from_a_subfolder_writes_relative_to_it_and_says_so(workspace):
    repo, home = workspace

    done = orkeon(repo / "src", "export", "notes/chat.md", home=home)

    assert done.stdout.strip().endswith("to notes/chat.md")
    assert (repo / "src" / "notes" / "chat.md").exists()


def test_export_without_a_path_names_the_real_file_it_wrote(workspace):
    repo, home = workspace
    session = session_of(repo, home)

    done = orkeon(repo, "export", home=home)

    written = f".orkeon/local/output/conversation-{session}.md"
    assert done.stdout.strip().endswith(f"to {written}") and "/output/" not in done.stdout.replace(written, "")
    assert (repo / written).exists()


# 4. Commands do what their help says ----------------------------------------------------------------------

def test_bare_mode_shows_the_mode_and_leaves_it_unchanged(tmp_path):
    folder = tmp_path / "plain"
    folder.mkdir()
    home = tmp_path / "home"

    shown = [orkeon(folder, "mode", home=home).stdout for _ in range(2)]
    cycled = orkeon(folder, "mode", "next", home=home)

    assert all("mode: default (fallback)" in text for text in shown)
    assert "mode: acceptEdits (session)" in cycled.stdout


class Terminal:
    """`orkeon --plain` on a pseudo-terminal of a given width (plain text and the line prompt): what it
    printed, and lines typed into it."""

    def __init__(self, cwd: Path, env: dict[str, str], columns: int = 100) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
        self.process = subprocess.Popen([sys.executable, "-m", "orkeon_engine.cli", "--plain"], cwd=cwd, env=env,
                                        stdin=slave, stdout=slave, stderr=slave, close_fds=True)
        os.close(slave)
        self.output = ""

    def read_until(self, text: str, timeout: float = 60) -> str:
        """What the process printed from now until `text` (included)."""
        start = len(self.output)
        deadline = time.monotonic() + timeout
        while text not in self.output[start:] and time.monotonic() < deadline and self._read():
            pass
        printed = self.output[start:]
        assert text in printed, f"never printed {text!r}:\n{self.output}"
        return printed

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def wait(self, timeout: float = 30) -> int:
        """The exit code, reading what is printed meanwhile (a full terminal would block the process)."""
        deadline = time.monotonic() + timeout
        try:
            while self.process.poll() is None and time.monotonic() < deadline:
                self._read()
            return self.process.wait(timeout=1)
        finally:
            self.close()

    def _read(self) -> bool:
        """Read what is there within half a second; False once the other end is closed."""
        ready, _, _ = select.select([self.master], [], [], 0.5)
        if ready:
            try:
                self.output += os.read(self.master, 65536).decode("utf-8", "replace")
            except OSError:  # the other end closed: the process is gone
                return False
        return True

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


@pytest.mark.parametrize("word", ["exit", "quit", "/exit"])
def test_exit_at_the_prompt_leaves_it_without_a_model_call(tmp_path, word):
    folder = tmp_path / "plain"
    folder.mkdir()
    with StubOpenAIServer([]) as stub:
        terminal = Terminal(folder, _env(tmp_path / "home", model_env(stub)))
        terminal.read_until("orkeon> ")
        terminal.type(word)

        code = terminal.wait()
        requests = list(stub.requests)

    assert code == 0 and requests == []


def test_typed_commands_read_at_the_prompt_as_they_do_one_shot(workspace):
    repo, home = workspace
    (repo / "a b.py").write_text("SPACED = True\n", encoding="utf-8")
    lines = [
        "/permissions add deny shell_command(git push:*)",
        "/memory add feedback don't squash the commits --because it breaks blame",
        '/debug-tool-call file_read {"path": "a b.py"}',
        "/permissions",
        "/memory",
    ]

    done = orkeon(repo, home=home, stdin="\n".join(lines) + "\n")

    assert done.returncode == 0, done.stderr
    assert "added deny shell_command(git push:*) to this session" in done.stdout
    assert "kept " in done.stdout and "don't squash the commits (because it breaks blame)" in done.stdout
    assert "SPACED = True" in done.stdout
    assert re.search(r"^deny\s+shell_command\(git push:\*\)\s+session$", done.stdout, re.MULTILINE)
    assert "orkeon:" not in done.stderr


def test_commit_without_a_terminal_or_yes_stops_before_the_model(workspace):
    repo, home = workspace
    (repo / "app.py").write_text("print('hello, world')\n", encoding="utf-8")
    with StubOpenAIServer([]) as stub:
        done = orkeon(repo, "commit", home=home, extra=model_env(stub))
        requests = list(stub.requests)

    assert done.returncode == 1
    assert "no terminal to ask on: run it in a terminal, or add --yes" in done.stderr
    assert requests == [] and "app.py" in git(repo, "status", "--porcelain")


# 5. doctor checks what breaks runs ------------------------------------------------------------------------

def test_doctor_fails_on_a_rule_that_does_not_parse_naming_the_file_and_the_rule(workspace):
    repo, home = workspace
    config = repo / ".orkeon" / "config.json"
    config.write_text('{"permissions": {"deny": ["shell_command(git push:*"]}}', encoding="utf-8")

    done = orkeon(repo, "doctor", home=home, extra={"COLUMNS": "400"})

    assert done.returncode == 1
    row = next(line for line in done.stdout.splitlines() if line.startswith("permission rules"))
    assert "FAILED" in row and str(config) in row and "'shell_command(git push:*'" in row
    assert "All" not in done.stdout.splitlines()[-1] and "permission rules" in done.stdout.splitlines()[-1]


def test_doctor_says_all_checks_pass_only_when_every_one_does(workspace):
    repo, home = workspace

    wide = {"COLUMNS": "400", "OPENAI_API_KEY": "sk-x"}
    done = orkeon(repo, "doctor", home=home, extra={**wide, "ORKEON_MODEL": "openai/gpt-4o-mini"})
    misspelt = orkeon(repo, "doctor", home=home, extra={**wide, "ORKEON_MODEL": "openai/gtp-4o-mini"})

    assert done.returncode == 0, done.stdout
    assert re.fullmatch(r"All \d+ checks pass\.", done.stdout.splitlines()[-1])
    assert misspelt.returncode == 1 and "litellm does not know openai/gtp-4o-mini" in misspelt.stdout


# 6. Readable output ---------------------------------------------------------------------------------------

def test_a_table_fits_in_100_columns_when_the_output_is_no_terminal(tmp_path):
    folder = tmp_path / "plain"
    folder.mkdir()

    done = orkeon(folder, "permissions", "sets", home=tmp_path / "home")

    table = done.stdout.splitlines()
    assert done.returncode == 0 and len(table) > 10
    assert max(len(line) for line in table) <= 100


def test_a_table_fits_the_terminal_s_width(tmp_path):
    folder = tmp_path / "plain"
    folder.mkdir()
    terminal = Terminal(folder, _env(tmp_path / "home"), columns=72)
    terminal.read_until("choose 1-2: ")  # no model: the prompt offers the local one first
    terminal.type("2")
    terminal.read_until("orkeon> ")
    terminal.type("/config keys")
    output = terminal.read_until("orkeon> ")
    terminal.type("exit")
    terminal.wait()

    visible = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", output.replace("\r", ""))  # readline's paste mode codes
    rows = [line for line in visible.splitlines()[1:-1] if line.strip()]
    assert len(rows) > 10 and max(len(line) for line in rows) <= 72


def test_a_call_the_gate_refused_is_shown_with_its_reason(workspace):
    repo, home = workspace
    (repo / ".orkeon" / "config.json").write_text('{"permissions": {"deny": ["shell_command(git push:*)"]}}',
                                                 encoding="utf-8")
    user = home / ".config" / "orkeon"  # the person's allow rule keeps the shell offered with nobody to ask
    user.mkdir(parents=True, exist_ok=True)
    (user / "config.json").write_text('{"permissions": {"allow": ["shell_command(git status)"]}}', encoding="utf-8")
    script = [{"tool_calls": [{"name": "shell_command", "arguments": {"command": "git push origin main"}}],
               "content": None},
              {"content": "I could not push: the push was refused."}]
    with StubOpenAIServer(script) as stub:
        done = orkeon(repo, "assistant", "push the branch", home=home, extra=model_env(stub))

    assert done.returncode == 0, done.stderr
    refused = next(line for line in done.stdout.splitlines() if line.startswith("refused: "))
    assert refused.startswith("refused: shell_command git push origin main: ")
    assert "shell_command(git push:*)" in refused


def test_with_nobody_to_answer_the_shell_is_not_offered_and_the_run_says_so(workspace):
    repo, home = workspace
    with StubOpenAIServer([{"content": "The README says hello."}]) as stub:
        done = orkeon(repo, "assistant", "what does the README say?", home=home, extra=model_env(stub))
        offered = [tool["function"]["name"] for tool in stub.requests[0].get("tools", [])]

    assert done.returncode == 0, done.stderr
    assert "file_read" in offered and "shell_command" not in offered
    assert any(line.startswith("shell_command") and "left out: nobody can approve" in line
               for line in done.stdout.splitlines())
