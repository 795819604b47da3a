from orkeon_engine.domain.context.compaction_thresholds import ASSUMED_CONTEXT_WINDOW
from orkeon_engine.domain.model.model_facts import UNKNOWN, ModelFacts
from orkeon_engine.services.context_window import ModelInformation, model_information, resolve_context_window
from tests.support.deps import make_deps
from tests.support.doubles.fake_model_server import FakeModelServer

SERVER = ModelFacts(16_384, "the server's /props (default_generation_settings.n_ctx)", 2_048,
                    "the server's /props (n_predict)")
TABLE = ModelFacts(128_000, "litellm's model table (max_input_tokens)", 16_384,
                   "litellm's model table (max_output_tokens)")


def _knows(server=UNKNOWN, table=UNKNOWN):
    async def lookup():
        return ModelInformation(server, table)
    return lookup


async def test_the_servers_window_wins_over_litellms_table():
    deps = await make_deps()

    choice = await resolve_context_window(deps.config, _knows(SERVER, TABLE))

    assert (choice.window, choice.source) == (16_384, SERVER.window_source)
    assert (choice.max_output, choice.output_source) == (2_048, SERVER.output_source)


async def test_a_setting_below_the_servers_window_is_honoured_and_says_so():
    deps = await make_deps()
    await deps.config.set_value("model.contextWindow", "8192", "session")

    choice = await resolve_context_window(deps.config, _knows(SERVER, TABLE))

    assert choice.window == 8_192
    assert choice.source == ("model.contextWindow (session), below the 16,384 of the server's /props "
                             "(default_generation_settings.n_ctx)")


async def test_a_setting_above_the_servers_window_gives_way_to_the_server():
    deps = await make_deps()
    await deps.config.set_value("model.contextWindow", "65536", "session")

    choice = await resolve_context_window(deps.config, _knows(SERVER, TABLE))

    assert choice.window == 16_384
    assert choice.source.endswith("below model.contextWindow (session)'s 65,536")


async def test_the_setting_wins_over_litellms_table():
    deps = await make_deps()
    await deps.config.set_value("model.contextWindow", "32000", "session")
    await deps.config.set_value("model.maxOutputTokens", "1000", "session")

    choice = await resolve_context_window(deps.config, _knows(table=TABLE))

    assert (choice.window, choice.source) == (32_000, "model.contextWindow (session)")
    assert (choice.max_output, choice.output_source) == (1_000, "model.maxOutputTokens (session)")


async def test_litellms_table_is_used_when_nothing_else_says():
    deps = await make_deps()

    choice = await resolve_context_window(deps.config, _knows(table=TABLE))

    assert (choice.window, choice.thresholds.window) == (128_000, 128_000)


async def test_an_unknown_window_stays_unknown_and_the_budgets_assume_a_small_one():
    deps = await make_deps()

    silent = await resolve_context_window(deps.config, _knows())
    failing = await resolve_context_window(deps.config, _failing)

    assert silent.window is None and failing.window is None
    assert silent.window_text().startswith("unknown") and "128,000" not in silent.window_text()
    assert silent.thresholds.window == ASSUMED_CONTEXT_WINDOW and not silent.thresholds.window_known
    assert silent.output_text() == "unknown (set model.maxOutputTokens)"


async def _failing():
    raise RuntimeError("no table")


async def test_the_server_is_asked_at_the_api_base_with_the_providers_key():
    env = {"ORKEON_MODEL": "openai/qwen", "ORKEON_API_BASE": "http://127.0.0.1:8080/v1", "OPENAI_API_KEY": "sk-1"}
    deps = await make_deps(env=env)
    server = FakeModelServer({("http://127.0.0.1:8080/v1", "openai/qwen"): SERVER})
    tables: list[str] = []

    async def table(model):
        tables.append(model)
        return TABLE

    known = await model_information(deps.config, env, server, table)

    assert server.asked == [("http://127.0.0.1:8080/v1", "openai/qwen", "sk-1")]
    assert known == ModelInformation(SERVER, UNKNOWN) and tables == []


async def test_without_an_api_base_no_server_is_asked_and_the_table_answers():
    env = {"ORKEON_MODEL": "anthropic/claude-sonnet-4-5", "ANTHROPIC_API_KEY": "sk-2"}
    deps = await make_deps(env=env)
    server = FakeModelServer()

    async def table(model):
        return TABLE

    known = await model_information(deps.config, env, server, table)

    assert server.asked == [] and known.table == TABLE
