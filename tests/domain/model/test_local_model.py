"""The local model's pure rules: the models offered, the plan said before the set-up, the build's progress, the
server's command line and lock file record, the idle rule, the build's instruction sets."""

from __future__ import annotations

import pytest

from orkeon_engine.domain.model.local_model import (
    LOCAL_MODELS,
    LocalModelError,
    ServerRecord,
    SetupPlan,
    build_percentage,
    cpu_build_flags,
    find_spec,
    human_bytes,
    idle_expired,
    progress_bar,
    server_arguments,
    spec_for_model,
)


def test_a_size_names_its_model_and_an_unknown_one_lists_the_sizes():
    assert find_spec("0.5B").key == "0.5b"
    with pytest.raises(LocalModelError, match="the sizes are 0.5b, 1.5b"):
        find_spec("7b")


def test_the_model_setting_finds_its_local_model_back():
    spec = LOCAL_MODELS["1.5b"]

    assert spec_for_model(spec.model_setting) is spec and spec_for_model("openai/gpt-4o-mini") is None


def test_the_plan_says_the_download_size_and_the_build_time_for_the_cores():
    plan = SetupPlan(LOCAL_MODELS["0.5b"], model_present=False, server="", cores=4)

    steps = plan.steps()

    assert "491 MB in 6 wheels" in steps[0] and "about 3 min on 4 cores" in steps[1] and plan.has_work


def test_a_plan_with_everything_there_has_no_work_and_says_where_the_server_is():
    plan = SetupPlan(LOCAL_MODELS["1.5b"], model_present=True, server="/usr/bin/llama-server")

    assert not plan.has_work and plan.steps()[1] == "llama-server: /usr/bin/llama-server"


@pytest.mark.parametrize(("line", "expected"), [("[ 45%] Building CXX object x.o", 45), ("[100%] Linking", 100),
                                                 ("-- Configuring done", None), ("[45] x", None)])
def test_the_build_percentage_is_read_from_its_lines(line, expected):
    assert build_percentage(line) == expected


def test_the_bar_is_clamped_and_sized():
    assert progress_bar(5, 10, width=10) == "[#####.....]" and progress_bar(20, 10, width=4) == "[####]"
    assert human_bytes(1_120_000_000) == "1.1 GB"


def test_the_server_listens_on_loopback_with_its_alias_and_chat_template():
    argv = server_arguments("/m.gguf", 8931, "qwen2.5-coder-1.5b")

    assert argv[argv.index("--host") + 1] == "127.0.0.1" and "--jinja" in argv
    assert argv[argv.index("--alias") + 1] == "qwen2.5-coder-1.5b"


def test_a_record_survives_its_file_and_a_torn_one_reads_as_none():
    record = ServerRecord(12, 8931, "/m.gguf", "restarting", 1, "exit 3", "/log")

    assert ServerRecord.from_json(record.to_json()) == record
    assert ServerRecord.from_json('{"pid": 12, "port"') is None
    assert ServerRecord.from_json('{"pid": 12, "port": 0, "model": "m"}') is None


def test_idle_counts_minutes_since_the_last_call():
    assert idle_expired(last_call=0.0, now=900.0, idle_minutes=15)
    assert not idle_expired(last_call=1.0, now=900.0, idle_minutes=15)


def test_the_build_names_its_instruction_sets_and_never_native_or_amx():
    flags = cpu_build_flags("x86_64", {"avx", "avx2", "fma"})

    assert "-DGGML_NATIVE=OFF" in flags and "-DGGML_AMX_INT8=OFF" in flags
    assert "-DGGML_AVX2=ON" in flags and "-DGGML_AVX512=OFF" in flags
    assert cpu_build_flags("aarch64", {"avx"}) == []
