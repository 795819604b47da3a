from orkeon_engine.commands.session.summary import run_summary
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.ui.args import ParsedArgs
from orkeon_engine.domain.ui.view import render_text
from tests.support.deps import make_deps
from tests.support.scripted_chat_model import ScriptedChatModel


async def test_the_summary_is_shown_once_as_lines_and_as_a_document_and_the_history_is_unchanged():
    model = ScriptedChatModel(["Where things stand: split.\n## Asked\nA split."])
    deps = await make_deps(chat_model=model)
    await deps.session.append(BufferEntry("user", "split it"), BufferEntry("assistant", "done"))

    view = await run_summary(ParsedArgs(), deps)

    assert view.lines == ("Where things stand: split.", "## Asked", "A split.")
    assert view.document.title == "Orkeon: session summary" and "Where things stand" not in view.message
    assert render_text(view).count("Where things stand") == 1
    assert len(await deps.session.entries()) == 2 and model.requests[0].tools == ()
