"""/usage and /cost: the session's calls, tokens and cost by model and by command, after a run."""

from orkeon_engine.commands.status.usage import run_usage
from orkeon_engine.domain.model.act import Budget
from orkeon_engine.domain.model.chat import CallOptions, Usage
from orkeon_engine.domain.ui.args import ParsedArgs
from orkeon_engine.engine import Engine, Ok
from tests.support.deps import make_deps
from tests.support.doubles.fake_permission_gate import FakePermissionGate
from tests.support.scripted_chat_model import Call, ScriptedChatModel
from tests.support.tiny_tools import ConcurrencyProbe, ProbeRead


def _rows(view):
    return {row[0]: row[1:] for row in view.table.rows}


async def test_usage_after_an_act_shows_the_calls_by_model_and_by_command():
    model = ScriptedChatModel([Call("probe_read", {"path": "a"}), "done", "a second opinion"],
                              model="openai/main", usage=Usage(1000, 100, 200, 0, 0.01))
    deps = (await make_deps(chat_model=model)).for_run("assistant")
    await deps.require_llm().act("sys", "read a", [ProbeRead(ConcurrencyProbe())], Budget(), FakePermissionGate())
    await deps.require_llm().for_run("advisor").complete("s", "u", CallOptions(model="anthropic/other"))

    view = await run_usage(ParsedArgs(), deps)

    rows = _rows(view)
    assert rows["total"] == ("3", "3,000", "300", "600", "0", "$0.0300")
    assert rows["model openai/main"][0] == "2" and rows["model anthropic/other"][0] == "1"
    assert rows["command /assistant"][0] == "2" and rows["command /advisor"][0] == "1"
    assert view.message.endswith("3 model calls, $0.0300.")


async def test_usage_shows_unpriced_calls_and_how_to_price_them():
    deps = (await make_deps(chat_model=ScriptedChatModel(["x"], usage=Usage(10, 1, cost=None)))).for_run("ask")
    await deps.require_llm().complete("s", "u")

    view = await run_usage(ParsedArgs(), deps)

    assert _rows(view)["total"][-1] == "unknown" and "model.pricing" in view.message


async def test_usage_of_a_fresh_session_says_there_is_no_call_yet():
    deps = await make_deps()

    view = await run_usage(ParsedArgs(), deps)

    assert view.table is None and view.message == f"No model call in session {deps.session.id} yet."


async def test_cost_is_an_alias_of_usage_through_the_engine():
    deps = await make_deps()
    engine = Engine(deps, deps.catalogue, lambda: None)

    result = await engine.run("cost", [])

    assert isinstance(result, Ok) and "No model call" in result.view.message
