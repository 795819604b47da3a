"""The model's shell commands in the editor's terminal (EditorClient runs each as a real subprocess): the
output and exit code, the timeout, the release, and the terminal shown in the running call."""

from orkeon_acp.client import ClientSupport
from orkeon_acp.peer import SessionPeer
from orkeon_acp.terminal import AcpTerminalShell
from tests.support.acp_client import EditorClient


def _shell(client, root, shown):
    async def on_terminal(terminal_id):
        shown.append(terminal_id)

    return AcpTerminalShell(SessionPeer(client, ClientSupport(terminal=True), session_id="s1"), str(root),
                            on_terminal)


async def test_a_command_runs_in_the_workspace_and_its_terminal_is_shown_and_released(tmp_path):
    (tmp_path / "only.txt").write_text("x")
    client, shown = EditorClient(), []

    result = await _shell(client, tmp_path, shown).run("ls && exit 3", 10)

    (terminal_id, terminal), = client.terminals.items()
    assert (result.exit_code, result.output, result.timed_out) == (3, "only.txt\n", False)
    assert terminal.args[0] == "-i" and terminal.cwd == str(tmp_path)
    assert terminal.args[-4:] == ["--noprofile", "--norc", "-c", "ls && exit 3"]
    assert shown == [terminal_id] and terminal.released


async def test_a_command_past_its_timeout_is_killed_and_reported_timed_out(tmp_path):
    client = EditorClient()

    result = await _shell(client, tmp_path, []).run("echo started; sleep 30", 0.5)

    (terminal,) = client.terminals.values()
    assert result.timed_out and result.exit_code is None and result.output.startswith("started")
    assert terminal.released and terminal.process.returncode is not None


async def test_pagers_are_off_in_the_terminal(tmp_path):
    result = await _shell(EditorClient(), tmp_path, []).run("echo $PAGER $GIT_TERMINAL_PROMPT", 10)

    assert result.output == "cat 0\n"


async def test_the_editors_credentials_never_reach_the_command_and_bash_runs_it(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-editor-0123456789abcdef")
    monkeypatch.setenv("BASH_ENV", str(tmp_path / "rc.sh"))
    (tmp_path / "rc.sh").write_text("touch PWNED\n")
    client = EditorClient()

    result = await _shell(client, tmp_path, []).run("env; echo $0", 10)

    assert "OPENAI_API_KEY" not in result.output and "BASH_ENV" not in result.output
    assert result.output.rstrip().endswith("bash") and not (tmp_path / "PWNED").exists()
