"""Attacks through an ACP client: an editor that never answers a permission question must not hold the
turn (nor allow the call), and a command run in the editor's terminal must not hand this process's
secrets back to the model."""

from orkeon_acp.client import ClientSupport
from orkeon_acp.peer import SessionPeer
from orkeon_acp.terminal import AcpTerminalShell
from orkeon_acp.ui import AcpHumanInput
from orkeon_engine.domain.permissions.question import PermissionQuestion
from tests.support.acp_client import HANG, EditorClient
from tests.support.permission_calls import shell


async def test_a_client_that_never_answers_is_a_denial_once_the_deadline_passes():
    client = EditorClient(answers=[HANG])
    human = AcpHumanInput(SessionPeer(client, ClientSupport(), session_id="s1"), deadline=0.2)
    question = PermissionQuestion(shell("rm -rf build"), "Allow?", ("Allow once", "Deny"), (), "/p/config.json")

    answer = await human.ask_permission(question)

    assert answer is None and len(client.permission_requests) == 1


async def test_a_secret_printed_in_the_editors_terminal_is_masked(tmp_path, monkeypatch):
    monkeypatch.setenv("ORKEON_TEST_API_TOKEN", "tok-very-secret-1234")
    peer = SessionPeer(EditorClient(), ClientSupport(terminal=True), session_id="s1")

    async def on_terminal(terminal_id):
        return None

    result = await AcpTerminalShell(peer, str(tmp_path), on_terminal).run(
        "echo [$ORKEON_TEST_API_TOKEN]; echo tok-very-secret-1234", 10)

    assert result.output == "[]\n***\n"  # the variable never reaches the command; what it prints is masked
