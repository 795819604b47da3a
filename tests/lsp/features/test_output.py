"""Output: a long text written as markdown under /output and shown; the closing message shown."""

from __future__ import annotations

from lsprotocol import types
from pygls.uris import to_fs_path

from orkeon_engine.domain.ui.view import CommandView, Document
from orkeon_lsp.features.output import LONG_TEXT_LINES, long_text, present, write_markdown
from orkeon_lsp.settings import ServerSettings
from tests.support.lsp_session import bare_capabilities, full_capabilities


def test_a_document_is_a_long_text_named_after_the_command_alone():
    stem, text = long_text("assistant", CommandView(document=Document("Tax", "- one\n- two\n")))

    assert stem == "assistant" and text == "# Tax\n\n- one\n- two\n"


def test_a_document_with_its_own_heading_gets_no_second_one():
    report = "# Review of the staged changes\n\n| # | severity |\n|---|---|\n"

    _, text = long_text("review", CommandView(document=Document("Review of the staged changes", report)))

    assert text == report and text.count("# Review of") == 1


def test_a_one_line_document_is_no_long_text():
    assert long_text("assistant", CommandView(document=Document("Answer", "\ncart.py now sets TAX.\n"))) is None


def test_many_lines_are_a_long_text_and_few_are_not():
    many = CommandView(lines=tuple(f"+ line {i}" for i in range(LONG_TEXT_LINES + 1)), message="41 lines")

    stem, text = long_text("diff", many)

    assert stem == "diff" and text.startswith("# /diff\n\n```text\n+ line 0\n") and text.endswith("```\n\n41 lines\n")
    assert long_text("diff", CommandView(lines=("+ one",))) is None


def test_write_markdown_replaces_the_file_whole(tmp_path):
    write_markdown(tmp_path / "output", "review", "first")

    path = write_markdown(tmp_path / "output", "review", "second")

    assert path.read_text(encoding="utf-8") == "second"
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["review.md"]


LONG = Document("Answer", "first line\nsecond line\n")


async def test_a_long_text_is_written_and_shown_without_taking_the_focus(connect, tmp_path):
    view = CommandView(document=LONG, message="answered")
    async with connect() as (client, server):
        uri = await present(server, tmp_path / "output", "ask", view)

    assert to_fs_path(uri) == str(tmp_path / "output" / "ask.md")
    assert [(shown.uri, shown.take_focus) for shown in client.shown_documents] == [(uri, False)]
    assert [(m.type, m.message) for m in client.messages] == [(types.MessageType.Info, "answered")]


async def test_the_next_long_text_of_a_command_replaces_its_file(connect, tmp_path):
    async with connect() as (client, server):
        await present(server, tmp_path / "output", "assistant", CommandView(document=Document("One", "a\nb")))
        await present(server, tmp_path / "output", "assistant", CommandView(document=Document("Two", "c\nd")))

    assert [p.name for p in (tmp_path / "output").iterdir()] == ["assistant.md"]
    assert (tmp_path / "output" / "assistant.md").read_text(encoding="utf-8") == "# Two\n\nc\nd\n"


async def test_a_client_that_renders_views_itself_is_not_sent_the_document(connect, tmp_path):
    async with connect(capabilities=full_capabilities(orkeonViews=True)) as (client, server):
        uri = await present(server, tmp_path / "output", "ask", CommandView(document=LONG))

    assert uri is not None and client.shown_documents == []


async def test_a_one_line_answer_writes_and_opens_nothing(connect, tmp_path):
    async with connect() as (client, server):
        uri = await present(server, tmp_path / "output", "ask", CommandView(document=Document("A", "Yes."),
                                                                           message="Yes."))

    assert uri is None and client.shown_documents == [] and not (tmp_path / "output").exists()


async def test_a_client_without_show_document_gets_the_file_only(connect, tmp_path):
    async with connect(capabilities=bare_capabilities()) as (client, server):
        uri = await present(server, tmp_path / "output", "ask", CommandView(document=LONG))

    assert uri is not None and client.shown_documents == []


async def test_an_unwritable_workspace_keeps_the_result_and_says_why(connect):
    async with connect() as (client, server):
        uri = await present(server, None, "ask", CommandView(document=LONG))

    assert uri is None and any("not writable" in m.message for m in client.log_messages)


async def test_show_messages_off_keeps_the_closing_message_out_of_dialogs(connect, tmp_path):
    async with connect() as (client, server):
        server.settings = ServerSettings(show_messages=False)
        await present(server, tmp_path, "mode", CommandView(message="mode: plan (session)"))

    assert client.messages == []


async def test_a_report_no_request_carries_is_kept_under_its_name_and_opened_even_for_a_client_rendering_views(
        connect, tmp_path):
    report = CommandView(document=Document("c1 dev-reviewer report", "(it left no report)"), message="c1 done")
    async with connect(capabilities=full_capabilities(orkeonViews=True)) as (client, server):
        uri = await present(server, tmp_path / "output", "child", report, report="child-c1-dev-reviewer-report")

    assert to_fs_path(uri) == str(tmp_path / "output" / "child-c1-dev-reviewer-report.md")
    assert [shown.uri for shown in client.shown_documents] == [uri]
