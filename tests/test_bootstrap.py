import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from orkeon_engine.adapters.sqlite_children_store import SqliteChildStore
from orkeon_engine.adapters.sqlite_db import SqliteDatabase
from orkeon_engine.bootstrap import build_engine
from orkeon_engine.domain.agents.children import ChildDraft
from orkeon_engine.domain.ui.client_info import ClientFeature, ClientInfo
from orkeon_engine.ports.ui import UserInterface
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_logger import FakeLogger
from tests.support.doubles.fake_open_documents import FakeOpenDocuments
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.stub_openai_server import StubOpenAIServer


async def _engine(tmp_path, documents=None, human=None):
    ui = UserInterface(human or FakeHumanInput(), FakeProgress(), FakeLogger())
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "xdg")}
    return await build_engine(tmp_path, ui, env=env, documents=documents)


async def test_the_engine_tools_reach_the_workspace_through_the_vfs_and_the_shell(tmp_path):
    (tmp_path / "hello.txt").write_text("hi\n")
    engine = await _engine(tmp_path)
    box = engine.deps.run_toolbox()
    read, shell = box.select(["file_read", "shell_command"])

    seen = await read.run(read.parse({"path": "hello.txt"}))
    ran = await shell.run(shell.parse({"command": "cat hello.txt"}))

    assert seen.text == "/workspace/hello.txt (1 line):\n1\thi"
    assert ran.text == "exit code 0\nhi"
    engine.close()


async def test_the_vfs_reads_the_editor_buffers_the_engine_was_given(tmp_path):
    (tmp_path / "open.py").write_text("on disk\n")
    documents = FakeOpenDocuments({str(tmp_path.resolve() / "open.py"): "in the editor\n"})
    engine = await _engine(tmp_path, documents)

    assert await engine.deps.files.read_text("open.py") == "in the editor\n"
    engine.close()


async def test_closing_the_engine_stops_its_jobs_and_removes_its_private_folder(tmp_path):
    engine = await _engine(tmp_path)
    job = await engine.deps.jobs.start("sleep 30")
    private = os.path.dirname(engine.deps.files.host_path("/tmp"))

    engine.close()

    assert not (await engine.deps.jobs.status(job.id)).running
    assert not os.path.exists(private)


def test_starting_the_engine_imports_neither_pydantic_nor_the_tool_modules():
    code = ("import sys, orkeon_engine.bootstrap; "
            "print('pydantic' in sys.modules, 'orkeon_engine.tools.file_read' in sys.modules)")

    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)

    assert found.stdout.split() == ["False", "False"]


async def test_a_workspace_in_a_git_repository_gets_its_repository_and_one_outside_gets_none(tmp_path):
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    (tmp_path / "plain").mkdir()
    inside, outside = await _engine(tmp_path / "repo"), await _engine(tmp_path / "plain")

    assert inside.deps.git is not None and inside.deps.git.root == str((tmp_path / "repo").resolve())
    assert outside.deps.git is None
    inside.close()
    outside.close()


async def test_cache_clear_empties_the_code_index_cache_and_the_index_starts_over(tmp_path):
    (tmp_path / "app.py").write_text("def main():\n    return 1\n")
    engine = await _engine(tmp_path)
    await engine.deps.code_index.build()

    cleared = await engine.run("cache", ["clear", "code-index"])

    assert cleared.view.message.startswith("cleared code-index (") and "KiB freed" in cleared.view.message
    assert not (tmp_path / ".orkeon" / "local" / "code_index.db").exists()
    assert not (await engine.deps.code_index.status()).built
    engine.close()


async def test_the_editors_client_info_reaches_doctor(tmp_path):
    ui = UserInterface(FakeHumanInput(), FakeProgress(), FakeLogger())
    client = ClientInfo("Neovim", "0.12", (ClientFeature("showDocument", True),))
    engine = await build_engine(tmp_path, ui, env={"XDG_CONFIG_HOME": str(tmp_path / "xdg")}, client_info=client)

    result = await engine.run("doctor", [])

    assert "Neovim 0.12: showDocument" in result.render()
    engine.close()


async def test_a_child_still_running_when_the_engine_closes_shows_as_interrupted_in_the_next(tmp_path):
    first = await _engine(tmp_path)
    handle = await first.deps.children.spawn("dev-reviewer", "Review plan.md")
    first.close()

    second = await _engine(tmp_path)
    record = await second.deps.children.report(handle)
    second.close()

    assert (record.state, record.detail) == ("interrupted", "the engine that ran it closed before it ended")


async def test_a_child_whose_process_is_gone_shows_as_interrupted_after_the_next_start(tmp_path):
    first = await _engine(tmp_path)
    state_db = Path(first.deps.workspace.state_dir) / "state.db"
    first.close()
    earlier = SqliteDatabase(state_db)
    record = await SqliteChildStore(earlier, FakeClock(), owner="4194305:gone").create(ChildDraft(
        session_id="s1", charter="dev-reviewer", mode="plan", brief="Review plan.md", started=datetime.now(UTC)))
    earlier.close()

    second = await _engine(tmp_path)  # settles the orphans at start, before any child is asked for
    second.close()

    reopened = SqliteDatabase(state_db)
    found = await SqliteChildStore(reopened, FakeClock()).get(record.id)
    reopened.close()
    assert (found.state, found.detail) == ("interrupted", "the Orkeon process that ran it ended before it did")


async def test_every_act_of_the_engine_offers_spawn_agent_and_the_children_are_wired(tmp_path):
    engine = await _engine(tmp_path)

    spawner, children = engine.deps.llm.spawner, engine.deps.children
    engine.close()

    assert spawner is children and children is not None


async def test_memory_admit_writes_the_confirmed_candidate_as_an_entry_file_of_the_workspace(tmp_path):
    (tmp_path / "PROPOSALS.md").write_text("## Quote every path\ntags: shell\nA path with a space was split.\n"
                                           "\n## Refuse me\nnot a lesson\n", encoding="utf-8")
    engine = await _engine(tmp_path, human=FakeHumanInput(["Admit", "Refuse"]))

    result = await engine.run("memory", ["admit"])

    assert result.view.message == "1 admitted, 1 refused of 2 candidates"
    entry = (tmp_path / ".orkeon" / "memory" / "quote-every-path.md").read_text(encoding="utf-8")
    assert entry.startswith("---\ntitle: Quote every path\ntags: [shell]\nsource: proposal\n")
    assert "- refuse-me | " in (tmp_path / ".orkeon" / "memory" / "_refused.md").read_text(encoding="utf-8")
    engine.close()


def _commit_entry(root):
    (root / ".orkeon" / "memory").mkdir(parents=True)
    (root / ".orkeon" / "memory" / "quote.md").write_text(
        "---\ntitle: Quote every path\n---\nA path with a space was split.\n", encoding="utf-8")


async def test_the_assistants_toolbox_offers_memory_recall_over_the_workspace_entries(tmp_path):
    _commit_entry(tmp_path)
    engine = await _engine(tmp_path)
    tool = engine.deps.run_toolbox().catalogue.get("memory_recall")

    result = await tool.run(tool.parse({"query": "a space in a path"}))

    assert "1. Quote every path (.orkeon/memory/quote.md, score" in result.text
    engine.close()


async def test_cache_clear_removes_the_memory_index(tmp_path):
    _commit_entry(tmp_path)
    engine = await _engine(tmp_path)
    await engine.run("memory", ["search", "path"])

    cleared = await engine.run("cache", ["clear", "memory-index"])

    assert cleared.view.message.startswith("cleared memory-index (")
    assert not (tmp_path / ".orkeon" / "local" / "memory_index.db").exists()
    engine.close()


async def test_an_acp_clients_files_and_terminal_serve_the_models_tools_only(tmp_path):
    from orkeon_engine.ports.shell import ShellResult
    from tests.support.doubles.fake_client_files import FakeClientFiles
    from tests.support.doubles.fake_shell import FakeShell

    (tmp_path / "a.txt").write_text("on disk\n")
    client = FakeClientFiles({str(tmp_path.resolve() / "a.txt"): "in the editor\n"})
    terminal = FakeShell({"ls": ShellResult("ls", 0, "a.txt\n")})
    ui = UserInterface(FakeHumanInput(), FakeProgress(), FakeLogger())
    engine = await build_engine(tmp_path, ui, env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "xdg")},
                                client_files=client, tool_shell=terminal)
    (shell,) = engine.deps.run_toolbox().select(["shell_command"])

    ran = await shell.run(shell.parse({"command": "ls"}))

    assert ran.text == "exit code 0\na.txt" and terminal.commands() == ["ls"]
    assert await engine.deps.files.read_text("a.txt") == "in the editor\n"
    assert engine.deps.shell is not terminal
    engine.close()


async def test_the_edges_turn_events_reach_the_commands(tmp_path):
    from tests.support.doubles.fake_turn_events import FakeTurnEvents

    events = FakeTurnEvents()
    ui = UserInterface(FakeHumanInput(), FakeProgress(), FakeLogger(), events)
    engine = await build_engine(tmp_path, ui, env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "xdg")})

    assert engine.deps.events is events
    engine.close()


async def test_the_engines_model_calls_carry_the_servers_output_limit_as_max_tokens(tmp_path):
    server = {"kind": "llama.cpp", "n_ctx": 16384, "n_predict": 512}
    with StubOpenAIServer([{"content": "hi"}], server=server) as stub:
        ui = UserInterface(FakeHumanInput(), FakeProgress(), FakeLogger())
        env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "xdg"), "ORKEON_MODEL": "openai/stub-model",
               "ORKEON_API_BASE": stub.url, "OPENAI_API_KEY": "sk-test-not-a-secret"}
        engine = await build_engine(tmp_path, ui, env=env)
        try:
            await engine.deps.llm.complete("Be brief.", "hello")
        finally:
            engine.close()

    assert stub.requests[0]["max_tokens"] == 512


def test_the_local_model_is_wired_without_loading_its_libraries_or_reading_its_folder():
    code = ("import sys, orkeon_engine.bootstrap as b; b.local_model_ports(); "
            "print(*(name in sys.modules for name in ('platformdirs', 'tarfile', 'zipfile', 'urllib.request')))")

    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)

    assert found.stdout.split() == ["False", "False", "False", "False"]
