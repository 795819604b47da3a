from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.model.model_facts import (
    UNKNOWN,
    ModelFacts,
    facts_from_llama_props,
    facts_from_models_list,
    facts_from_ollama_show,
    served_name,
    tokens_fact,
)

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner), max_leaves=30)


def test_recent_llama_cpp_props_give_the_slots_window_and_output_limit():
    props = {"default_generation_settings": {"n_ctx": 16384, "params": {"n_predict": 1024}}, "total_slots": 1}

    facts = facts_from_llama_props(props)

    assert facts == ModelFacts(16384, "the server's /props (default_generation_settings.n_ctx)",
                               1024, "the server's /props (n_predict)")


def test_older_llama_cpp_props_give_n_ctx_at_the_top_and_unlimited_output_is_unknown():
    facts = facts_from_llama_props({"n_ctx": 4096, "default_generation_settings": {"n_predict": -1}})

    assert (facts.window, facts.window_source, facts.max_output) == (4096, "the server's /props (n_ctx)", None)


def test_vllm_models_give_max_model_len_of_the_served_model():
    answer = {"data": [{"id": "other", "max_model_len": 4096}, {"id": "Qwen/Qwen2.5-7B", "max_model_len": 32768}]}

    facts = facts_from_models_list(answer, "hosted_vllm/Qwen/Qwen2.5-7B")

    assert (facts.window, facts.window_source) == (32768, "the server's /v1/models (max_model_len)")


def test_recent_llama_cpp_models_give_the_window_it_runs_with():
    answer = {"object": "list", "data": [{"id": "qwen", "owned_by": "llamacpp",
                                          "meta": {"n_ctx": 16384, "n_ctx_train": 32768}}]}

    facts = facts_from_models_list(answer, "openai/qwen")

    assert (facts.window, facts.window_source) == (16384, "the server's /v1/models (meta.n_ctx)")


def test_llama_cpp_models_give_the_training_context_of_the_only_model():
    answer = {"data": [{"id": "model.gguf", "meta": {"n_ctx_train": 131072, "n_params": 1}}]}

    assert facts_from_models_list(answer, "openai/whatever").window == 131072


def test_ollama_show_prefers_the_num_ctx_it_runs_with_over_the_models_length():
    answer = {"parameters": "stop \"<|im_end|>\"\nnum_ctx                        8192\nnum_predict 512",
              "model_info": {"general.architecture": "qwen2", "qwen2.context_length": 32768}}

    facts = facts_from_ollama_show(answer)

    assert (facts.window, facts.max_output) == (8192, 512)
    assert facts.window_source == "the server's /api/show (parameters num_ctx)"


def test_ollama_show_without_num_ctx_gives_the_architectures_context_length():
    answer = {"model_info": {"general.architecture": "llama", "llama.context_length": 131072}}

    assert facts_from_ollama_show(answer).window_source == "the server's /api/show (model_info llama.context_length)"


def test_nonsense_counts_are_not_facts():
    assert [tokens_fact(v) for v in (True, "4096", -1, 0, 12, 4096.5, 10**12, 8192.0)] == \
        [None, None, None, None, None, None, None, 8192]


def test_the_served_name_drops_only_the_provider_prefix():
    assert served_name("hosted_vllm/Qwen/Qwen2.5-7B") == "Qwen/Qwen2.5-7B" and served_name("llama") == "llama"


def test_merging_keeps_what_is_known_and_fills_the_rest():
    merged = ModelFacts(4096, "a").merged(ModelFacts(8192, "b", 512, "c"))

    assert merged == ModelFacts(4096, "a", 512, "c") and not UNKNOWN.complete and merged.complete


@given(JSON)
def test_any_answer_is_read_without_raising(answer):
    for facts in (facts_from_llama_props(answer), facts_from_models_list(answer, "openai/m"),
                  facts_from_ollama_show(answer)):
        assert facts.window is None or 256 <= facts.window <= 100_000_000


@given(st.text())
def test_any_ollama_parameters_text_is_read_without_raising(text):
    facts_from_ollama_show({"parameters": text})
