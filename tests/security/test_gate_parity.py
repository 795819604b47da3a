"""A child's question is the same question as its parent's on every front end (issue 26's matrix found the
difference): behind a front end that takes the gate's whole question (the ACP agent's PermissionAsker), a
child's question used to arrive as a bare choice, tied to no tool call, without the edit's diff, offering
"Allow for this session" (which ACP has no answer for) and never "Always deny". Its gate now asks the
child's question whole, under the child's name, as the parent's is asked."""

from orkeon_engine.domain.permissions.question import ALLOW_ONCE, ALWAYS_DENY
from tests.support.deps import make_deps
from tests.support.doubles.fake_child_runtime import FakeChildRuntime
from tests.support.doubles.fake_child_store import FakeChildStore
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_permission_asker import FakePermissionAsker
from tests.support.scripted_chat_model import Call, ScriptedChatModel


async def test_a_childs_question_reaches_a_whole_question_front_end_whole_and_named():
    asker = FakePermissionAsker([ALLOW_ONCE])
    model = ScriptedChatModel([[Call("file_write", {"path": "app.py", "content": "print('b')\n"})], "written"])
    deps = await make_deps(chat_model=model, vfs=FakeFiles({"/workspace/app.py": "print('a')\n"}), human=asker,
                           child_store=FakeChildStore(), child_runtime=FakeChildRuntime())

    await deps.children.wait(await deps.children.spawn("general", "make app.py print b", background=False,
                                                       mode="default", tools=["file_write"]))

    (question,) = asker.permission_questions
    assert asker.questions == []  # never the bare choice
    assert question.call.name == "file_write" and question.call.edit is not None
    assert question.text.startswith("[c1 general] Allow file_write?")
    assert ALWAYS_DENY in question.answers and question.rules == ("file_write(/app.py)",)
    assert deps.files.texts["/workspace/app.py"] == "print('b')\n"
