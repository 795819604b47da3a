import pytest

from orkeon_engine.commands.settings.model import ARGS, run_model
from orkeon_engine.domain.ui.args import ArgumentError, parse_args
from orkeon_engine.domain.ui.view import render_text
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_model_catalogue import FakeModelCatalogue

SECRET = "sk-test-not-a-real-key-1234567890"


def _args(*tokens):
    return parse_args("model", ARGS, list(tokens))


def _rows(view):
    return {row[0]: row[1] for row in view.table.rows}


async def test_show_names_the_model_its_source_its_provider_and_whether_its_key_is_set():
    deps = await make_deps(files=FakeConfigFiles(user='{"model": "anthropic/claude-haiku-4-5"}'),
                           env={"ANTHROPIC_API_KEY": SECRET})

    view = await run_model(_args(), deps)

    rows = _rows(view)
    assert (rows["model"], rows["from"], rows["provider"]) == ("anthropic/claude-haiku-4-5", "user", "anthropic")
    assert rows["key"] == "ANTHROPIC_API_KEY is set"
    assert SECRET not in render_text(view)


async def test_show_says_which_variable_would_hold_a_missing_key():
    deps = await make_deps(env={"ORKEON_MODEL": "openai/gpt-4o-mini"})

    rows = _rows(await run_model(_args("show"), deps))

    assert rows["from"] == "ORKEON_MODEL"
    assert rows["key"] == "not found (OPENAI_API_KEY)"


async def test_show_without_a_model_says_how_to_set_one():
    deps = await make_deps()

    view = await run_model(_args(), deps)

    assert view.message.startswith("No model is configured: `/model set <provider/model>`")


async def test_set_chooses_the_model_for_this_session_only():
    deps = await make_deps(files=FakeConfigFiles(user='{"model": "openai/gpt-4o-mini"}'))

    view = await run_model(_args("set", "anthropic/claude-haiku-4-5"), deps)

    assert _rows(view)["from"] == "session"
    assert await deps.session.get_state("config:model") == "anthropic/claude-haiku-4-5"
    assert deps.config.read_file("user") == {"model": "openai/gpt-4o-mini"}


async def test_a_model_name_alone_sets_it():
    deps = await make_deps()

    view = await run_model(_args("ollama/qwen2.5-coder"), deps)

    assert view.message == "this session now uses ollama/qwen2.5-coder."


async def test_reset_goes_back_to_the_settings_files_model():
    deps = await make_deps(files=FakeConfigFiles(user='{"model": "openai/gpt-4o-mini"}'))
    await run_model(_args("set", "anthropic/claude-haiku-4-5"), deps)

    view = await run_model(_args("reset"), deps)

    assert _rows(view)["model"] == "openai/gpt-4o-mini"


async def test_set_without_a_model_shows_the_usage():
    deps = await make_deps()

    with pytest.raises(ArgumentError, match="set needs a <model>"):
        await run_model(_args("set"), deps)


async def test_list_shows_the_models_of_the_providers_whose_keys_are_present_only():
    models = FakeModelCatalogue()
    models.known = {"openai": ["openai/gpt-4o"], "anthropic": ["anthropic/claude-haiku-4-5"]}
    deps = await make_deps(env={"OPENAI_API_KEY": SECRET}, models=models)

    view = await run_model(_args("list"), deps)

    assert view.table.rows == (("openai", "openai/gpt-4o", "litellm"),)
    assert SECRET not in render_text(view)


async def test_list_adds_the_models_the_api_base_serves_with_the_configured_prefix():
    models = FakeModelCatalogue()
    models.served = {"http://127.0.0.1:8080/v1": ["qwen2.5-coder"]}
    deps = await make_deps(env={"ORKEON_MODEL": "openai/local", "ORKEON_API_BASE": "http://127.0.0.1:8080/v1"},
                           models=models)

    view = await run_model(_args("list"), deps)

    assert view.table.rows == (("http://127.0.0.1:8080/v1", "openai/qwen2.5-coder", "served"),)


async def test_list_sends_the_providers_key_to_the_api_base_and_never_shows_it():
    models = FakeModelCatalogue()
    models.served = {"http://127.0.0.1:4000": ["team-model"]}
    deps = await make_deps(env={"ORKEON_MODEL": "openai/x", "ORKEON_API_BASE": "http://127.0.0.1:4000",
                                "OPENAI_API_KEY": SECRET}, models=models)

    view = await run_model(_args("list"), deps)

    assert models.keys_sent == [SECRET]
    assert SECRET not in render_text(view)


async def test_an_api_base_that_cannot_be_read_is_a_line_and_the_rest_is_listed():
    models = FakeModelCatalogue()
    models.known = {"openai": ["openai/gpt-4o"]}
    models.serve_error = "connection refused"
    deps = await make_deps(env={"OPENAI_API_KEY": "k", "ORKEON_API_BASE": "http://127.0.0.1:9/v1"}, models=models)

    view = await run_model(_args("list"), deps)

    assert view.lines == ("the api base's models could not be read: http://127.0.0.1:9/v1/models: connection refused",)
    assert len(view.table.rows) == 1


async def test_list_of_one_provider_lists_it_without_its_key():
    models = FakeModelCatalogue()
    models.known = {"mistral": ["mistral/codestral-latest"]}
    deps = await make_deps(models=models)

    view = await run_model(_args("list", "mistral"), deps)

    assert view.table.rows == (("mistral", "mistral/codestral-latest", "litellm"),)


async def test_list_with_no_key_and_no_api_base_says_what_to_set():
    deps = await make_deps()

    view = await run_model(_args("list"), deps)

    assert view.message.startswith("No provider key is set in the environment and no api base is configured")
