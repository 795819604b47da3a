from orkeon_engine.commands.status.context import run_context
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.ui.args import ParsedArgs
from tests.support.deps import make_deps


async def test_context_shows_each_part_the_window_and_the_tier():
    deps = await make_deps()
    await deps.config.set_value("model.contextWindow", "32000", "session")
    await deps.session.append(BufferEntry("user", "x" * 8_000))

    view = await run_context(ParsedArgs(), deps)

    parts = [row[0] for row in view.table.rows]
    assert parts[0] == "header" and "history" in parts and "environment" in parts
    assert view.lines[0].startswith("window: 32,000 tokens, from model.contextWindow (session); mode default")
    assert view.message.startswith("context: ") and "tier ok" in view.message


async def test_context_lists_each_pinned_file_read_only_or_editable_with_its_tokens():
    from tests.support.doubles.fake_files import FakeFiles

    deps = await make_deps(vfs=FakeFiles({"src/a.py": "print('a')\n", "docs/spec.md": "# Spec\n"}))
    await deps.session.set_state("context.files", [{"path": "/workspace/src/a.py", "readOnly": False},
                                                   {"path": "/workspace/docs/spec.md", "readOnly": True}])

    view = await run_context(ParsedArgs(), deps)

    assert view.lines[-3].startswith("pinned files: 2, about 32 of their ")
    assert view.lines[-2:] == ("  src/a.py (editable): 16 tokens", "  docs/spec.md (read-only): 16 tokens")
    assert "files" in [row[0] for row in view.table.rows]
async def test_context_shows_the_last_calls_prompt_tokens_as_the_context_used():
    from orkeon_engine.domain.context.context_use import LAST_CALL_KEY, last_call_state

    deps = await make_deps()
    await deps.config.set_value("model.contextWindow", "16384", "session")
    await deps.session.set_state(LAST_CALL_KEY, last_call_state(2_648))

    view = await run_context(ParsedArgs(), deps)

    assert "last model call: 2,648 prompt tokens as the provider counted them" in view.lines[2]
    assert view.message.startswith("context: 2,648 of 16,384 tokens (16%) at the last model call")


async def test_context_with_an_unknown_window_says_so_and_shows_no_share():
    deps = await make_deps()

    view = await run_context(ParsedArgs(), deps)

    assert view.lines[0].startswith("window: unknown") and "128,000" not in "\n".join(view.lines)
    assert {row[2] for row in view.table.rows} == {"-"}
