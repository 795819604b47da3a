import sys

from orkeon_engine.adapters.litellm_model_info import facts_in_table, litellm_model_facts


async def test_a_mapped_model_has_its_window_and_output_limit():
    facts = await litellm_model_facts("openai/gpt-4o-mini")

    assert (facts.window, facts.max_output) == (128_000, 16_384)
    assert facts.window_source == "litellm's model table (max_input_tokens)"


async def test_an_unmapped_model_is_unknown():
    facts = await litellm_model_facts("openai/a-local-model-nobody-mapped")

    assert (facts.window, facts.max_output) == (None, None)


def test_a_name_without_its_prefix_counts_only_for_the_same_provider():
    table = {"llama3": {"max_input_tokens": 8192, "litellm_provider": "ollama"}}

    assert facts_in_table(table, "ollama/llama3").window == 8192
    assert facts_in_table(table, "openai/llama3").window is None


def test_the_table_is_read_without_importing_litellm():
    import subprocess

    code = ("import asyncio, sys; from orkeon_engine.adapters.litellm_model_info import litellm_model_facts; "
            "f = asyncio.run(litellm_model_facts('anthropic/claude-sonnet-4-5')); "
            "print(f.window, 'litellm' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)

    assert done.stdout.split() == ["200000", "False"], done.stderr
