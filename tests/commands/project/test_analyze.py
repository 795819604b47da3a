"""/analyze over the real index of the polyglot fixture project, the model scripted."""

import pytest

from orkeon_engine.adapters.tree_sitter_code_index import TreeSitterCodeIndex
from orkeon_engine.commands.project.analyze import ARGS, run_analyze
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.ui.args import parse_args
from tests.support.code_projects import copy_project
from tests.support.deps import make_deps
from tests.support.scripted_chat_model import ScriptedChatModel


@pytest.fixture
def index(tmp_path):
    return TreeSitterCodeIndex(copy_project(tmp_path, git=True), None)


async def test_raw_prints_the_harvest_of_every_language_and_asks_no_model(index):
    model = ScriptedChatModel()
    deps = await make_deps(code_index=index, chat_model=model)

    view = await run_analyze(parse_args("analyze", ARGS, ["--raw"]), deps)

    text = view.document.content
    assert text.startswith("# Harvest of ")
    for expected in ("12 files, 42 symbols; languages: python 3, go 2, javascript 2, rust 2, java 1, tsx 1, "
                     "typescript 1.", "class shop.models.Cart", "struct go.store.DB", "class com.example.App",
                     "trait rust.Area", "interface web.src.util.Money", "go/cmd -> go/store",
                     "## What this harvest leaves out", "Files in languages the index does not parse"):
        assert expected in text, expected
    assert "Generated" not in text and "leftPad" not in text
    assert model.requests == []
    assert view.message == "12 files, 42 symbols, 6 packages; written to .orkeon/local/output/harvest.md"
    assert deps.files.texts["/output/harvest.md"] == text


async def test_the_synthesis_comes_first_then_the_harvest_it_was_made_from(index):
    model = ScriptedChatModel(["The shop is the core: `shop.models.Cart` holds the items."])
    deps = await make_deps(code_index=index, chat_model=model)

    view = await run_analyze(parse_args("analyze", ARGS, []), deps)

    assert view.document.content.startswith("The shop is the core: `shop.models.Cart` holds the items.\n\n---\n\n"
                                            "# Harvest of ")
    assert "class shop.models.Cart" in model.requests[0].last_user_text
    assert view.message.endswith("written to .orkeon/local/output/analysis.md")


async def test_progress_names_every_stage(index):
    deps = await make_deps(code_index=index)

    await run_analyze(parse_args("analyze", ARGS, ["--raw"]), deps)

    stages = {m.split(":")[0] for m in deps.progress.messages() if m.startswith("analyze ")}
    assert stages == {f"analyze {n}/5" for n in range(1, 6)}


async def test_without_a_code_index_the_command_says_so():
    deps = await make_deps()

    with pytest.raises(NotConfiguredError, match="needs the code index"):
        await run_analyze(parse_args("analyze", ARGS, ["--raw"]), deps)
