"""The gate's questions over session/request_permission (the editor played by the tests' EditorClient),
the prompt's progress, and free answers as elicitation forms (to a client that declared them)."""

from orkeon_acp.client import ClientSupport
from orkeon_acp.peer import SessionPeer
from orkeon_acp.ui import AcpHumanInput, AcpProgress
from orkeon_engine.domain.permissions.question import PermissionQuestion
from orkeon_engine.domain.tool_call import FileEdit, ToolCall
from tests.support.acp_client import EditorClient

ANSWERS = ("Allow once", "Allow for this session", "Always allow", "Deny", "Always deny")


def _human(client, deadline=5.0, forms=False):
    peer = SessionPeer(client, ClientSupport(elicitation_form=forms), session_id="s1",
                       host_path=lambda path: "/host" + path)
    return AcpHumanInput(peer, deadline)


def _question():
    call = ToolCall("file_write", "edit", paths=("/workspace/a.py",), call_id="call_7",
                    edit=FileEdit("/workspace/a.py", None, "x = 1\n"))
    return PermissionQuestion(call, "Allow file_write?", ANSWERS, ("file_write(/a.py)",), "/p/.orkeon/config.json")


async def test_the_question_names_the_announced_call_and_the_answer_comes_back_as_the_gates():
    client = EditorClient(answers=["reject_always"])

    answer = await _human(client).ask_permission(_question())

    (request,) = client.permission_requests
    assert answer == "Always deny" and request.session_id == "s1"
    assert (request.tool_call.tool_call_id, request.tool_call.kind) == ("call_7", "edit")
    assert request.tool_call.content[0].path == "/host/workspace/a.py"


async def test_a_cancelled_question_is_no_answer():
    assert await _human(EditorClient(answers=[None])).ask_permission(_question()) is None


async def test_a_commit_choice_is_asked_and_answered_by_its_text():
    client = EditorClient(answers=["reject_once"])

    answer = await _human(client).choose("Commit these 2 files?\n a.py", ["Commit", "Edit message", "Cancel"])

    assert answer == "Cancel" and client.permission_requests[0].tool_call.title == "Commit these 2 files?"


async def test_free_text_gets_no_answer_from_a_client_without_forms():
    client = EditorClient()

    assert await _human(client).ask_text("Commit message", default="fix") is None and client.form_requests == []


async def test_free_text_is_a_form_with_one_text_field_for_a_client_that_takes_forms():
    client = EditorClient()
    client.forms = [{"answer": "fix: the login"}]

    text = await _human(client, forms=True).ask_text("Commit message", default="fix")

    message, mode = client.form_requests[0]
    assert text == "fix: the login" and message == "Commit message" and mode.session_id == "s1"
    assert mode.requested_schema.properties["answer"].default == "fix"


async def test_a_choice_with_a_free_answer_is_a_form_with_the_options_and_a_text_field():
    client = EditorClient()
    client.forms = [{"choice": "No"}, {"choice": "Yes", "answer": " members only "}, None]
    human = _human(client, forms=True)

    answers = [await human.choose_or_write("Guests?", ["Yes", "No"]) for _ in range(3)]

    assert answers == ["No", "members only", None]
    assert client.form_requests[0][1].requested_schema.properties["choice"].enum == ["Yes", "No"]


async def test_a_client_without_forms_is_asked_the_options_alone():
    client = EditorClient(answers=["reject_once"])

    answer = await _human(client).choose_or_write("Guests?", ["Yes", "No"])

    assert answer == "No" and client.form_requests == [] and len(client.permission_requests) == 1


def test_the_progress_is_cancelled_only_once_marked():
    progress = AcpProgress()
    progress.report("step 1 of 7")
    before = progress.cancelled

    progress.mark_cancelled()

    assert (before, progress.cancelled) == (False, True)
