"""The stub server itself, over plain HTTP: replies, errors, streaming, the script file and the process."""

import json
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.support.stub_openai_server import StubOpenAIServer

ROOT = Path(__file__).resolve().parents[2]


def _post(url, body):
    request = urllib.request.Request(f"{url}/chat/completions", json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read().decode()


def test_a_reply_step_answers_a_chat_completion_with_its_usage():
    with StubOpenAIServer([{"content": "hi", "usage": {"prompt_tokens": 7, "completion_tokens": 2}}]) as stub:
        answer = json.loads(_post(stub.url, {"model": "m", "messages": []}))

    assert answer["choices"][0]["message"] == {"role": "assistant", "content": "hi"}
    assert answer["usage"] == {"prompt_tokens": 7, "completion_tokens": 2, "total_tokens": 9}


def test_an_error_step_answers_its_status_with_an_openai_error_body():
    with StubOpenAIServer([{"status": 429, "error": "slow down"}]) as stub, \
            pytest.raises(urllib.error.HTTPError) as error:
        _post(stub.url, {"model": "m", "messages": []})

    assert error.value.code == 429
    assert json.loads(error.value.read())["error"]["message"] == "slow down"


def test_an_exhausted_script_answers_500_and_a_default_step_answers_forever():
    with StubOpenAIServer.from_script({"steps": [], "default": {"echo": True}}) as stub:
        first = json.loads(_post(stub.url, {"model": "m", "messages": [{"role": "user", "content": "ping"}]}))

    with StubOpenAIServer([]) as empty, pytest.raises(urllib.error.HTTPError) as error:
        _post(empty.url, {"model": "m", "messages": []})

    assert first["choices"][0]["message"]["content"] == "ping"
    assert error.value.code == 500


def test_a_step_with_when_answers_only_a_request_that_holds_its_text():
    steps = [{"when": "child agent", "content": "the child's report"}, {"content": "the parent's answer"}]
    with StubOpenAIServer(steps) as stub:
        parent = json.loads(_post(stub.url, {"model": "m", "messages": [{"role": "system", "content": "parent"}]}))
        child = json.loads(_post(stub.url, {"model": "m", "messages": [
            {"role": "system", "content": "you are a child agent"}, {"role": "user", "content": "go"}]}))

    assert parent["choices"][0]["message"]["content"] == "the parent's answer"
    assert child["choices"][0]["message"]["content"] == "the child's report"


def test_a_streamed_reply_sends_text_tool_calls_and_usage_as_events():
    step = {"content": "hello world", "tool_calls": [{"name": "echo", "arguments": {"path": "a"}}]}
    with StubOpenAIServer([step]) as stub:
        body = _post(stub.url, {"model": "m", "messages": [], "stream": True,
                                "stream_options": {"include_usage": True}})

    events = [line[len("data: "):] for line in body.splitlines() if line.startswith("data: ")]
    chunks = [json.loads(e) for e in events[:-1]]
    text = "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks if c["choices"])
    arguments = "".join(d["function"]["arguments"] for c in chunks if c["choices"]
                        for d in c["choices"][0]["delta"].get("tool_calls") or [])
    assert events[-1] == "[DONE]" and text == "hello world" and json.loads(arguments) == {"path": "a"}
    assert chunks[-1]["usage"]["prompt_tokens"] == 10


def test_every_request_is_kept_and_logged_as_json_lines(tmp_path):
    log = tmp_path / "requests.jsonl"
    with StubOpenAIServer([{"content": "x"}], log=log) as stub:
        _post(stub.url, {"model": "m", "messages": [{"role": "user", "content": "hi"}]})

    assert stub.requests == [json.loads(log.read_text())]


def test_the_module_runs_as_a_process_serving_a_script_file(tmp_path):
    script = tmp_path / "script.json"
    script.write_text(json.dumps([{"content": "from the file"}]))
    process = subprocess.Popen([sys.executable, "-m", "tests.support.stub_openai_server", "--port", "0",
                                "--script", str(script)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        first_line = process.stdout.readline().strip()
        answer = json.loads(_post(first_line.removeprefix("listening on "), {"model": "m", "messages": []}))
    finally:
        process.terminate()
        process.wait(timeout=10)

    assert first_line.startswith("listening on http://127.0.0.1:")
    assert answer["choices"][0]["message"]["content"] == "from the file"


SCHEMA = {"type": "object", "properties": {"verdict": {"type": "string", "enum": ["VALID", "GAPS"]},
                                           "notes": {"type": "array", "items": {"type": "string"}}},
          "required": ["verdict", "notes"], "additionalProperties": False}
AS_JSON_SCHEMA = {"type": "json_schema", "json_schema": {"name": "Verdict", "schema": SCHEMA, "strict": True}}
FORCED_TOOL = {"tools": [{"type": "function", "function": {"name": "Verdict", "parameters": SCHEMA}}],
               "tool_choice": {"type": "function", "function": {"name": "Verdict"}}}
VERDICT = {"verdict": "GAPS", "notes": ["no test"]}


def _message(stub, **request):
    return json.loads(_post(stub.url, {"model": "m", "messages": [], **request}))["choices"][0]["message"]


def test_following_schemas_a_response_format_gets_the_steps_json():
    with StubOpenAIServer([{"json": VERDICT}], schema="follow") as stub:
        message = _message(stub, response_format=AS_JSON_SCHEMA)

    assert json.loads(message["content"]) == VERDICT


def test_following_schemas_a_forced_tool_call_gets_the_json_as_its_arguments():
    with StubOpenAIServer([{"json": VERDICT}], schema="follow") as stub:
        message = _message(stub, **FORCED_TOOL)

    call = message["tool_calls"][0]["function"]
    assert call["name"] == "Verdict" and json.loads(call["arguments"]) == VERDICT


def test_following_schemas_a_request_that_does_not_ask_gets_prose_without_json():
    with StubOpenAIServer([{"json": VERDICT}], schema="follow") as stub:
        message = _message(stub)

    assert "{" not in message["content"] and message["content"]


def test_following_schemas_a_step_without_json_answers_the_smallest_fitting_value():
    with StubOpenAIServer(default={"content": "unused"}, schema="follow") as stub:
        message = _message(stub, response_format=AS_JSON_SCHEMA)

    assert json.loads(message["content"]) == {"verdict": "VALID", "notes": []}


def test_following_schemas_a_scripted_answer_that_does_not_fit_is_a_500_naming_the_problem():
    with StubOpenAIServer([{"json": {"verdict": "MAYBE", "notes": []}}], schema="follow") as stub, \
            pytest.raises(urllib.error.HTTPError) as error:
        _message(stub, response_format=AS_JSON_SCHEMA)

    assert error.value.code == 500 and "verdict: 'MAYBE' is not one of" in error.value.read().decode()


LIMITED = {"type": "object", "additionalProperties": False, "required": ["subject", "tags"],
           "properties": {"subject": {"type": "string", "maxLength": 5, "pattern": "^[a-z]{1,5}$"},
                          "tags": {"type": "array", "minItems": 1, "items": {"type": "string"}}}}
AS_LIMITED = {"type": "json_schema", "json_schema": {"name": "Limited", "schema": LIMITED, "strict": True}}


@pytest.mark.parametrize(("value", "said"), [
    ({"subject": "toolong", "tags": ["a"]}, "subject: 'toolong' is too long"),
    ({"subject": "UP", "tags": ["a"]}, "subject: 'UP' does not match"),
    ({"subject": "ok", "tags": []}, "tags: [] should be non-empty"),
])
def test_following_schemas_lengths_patterns_and_counts_are_kept_as_a_grammar_keeps_them(value, said):
    with StubOpenAIServer([{"json": value}], schema="follow") as stub, \
            pytest.raises(urllib.error.HTTPError) as error:
        _message(stub, response_format=AS_LIMITED)

    assert error.value.code == 500 and said in error.value.read().decode()


def test_following_schemas_the_smallest_value_fits_a_pattern_and_a_count():
    with StubOpenAIServer(default={"content": "unused"}, schema="follow") as stub:
        message = _message(stub, response_format=AS_LIMITED)

    assert json.loads(message["content"]) == {"subject": "a", "tags": [""]}


def test_a_tools_only_server_refuses_response_format_with_a_400_and_keeps_its_step():
    with StubOpenAIServer([{"json": VERDICT}], schema="tools-only") as stub:
        with pytest.raises(urllib.error.HTTPError) as error:
            _message(stub, response_format=AS_JSON_SCHEMA)
        message = _message(stub, **FORCED_TOOL)

    assert error.value.code == 400 and "response_format is not supported" in error.value.read().decode()
    assert json.loads(message["tool_calls"][0]["function"]["arguments"]) == VERDICT


def test_the_times_of_overlapping_requests_show_them_at_once():
    import threading

    with StubOpenAIServer(default={"content": "x", "together": 3}) as stub:
        threads = [threading.Thread(target=_post, args=(stub.url, {"model": "m", "messages": []})) for _ in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        one_after_another = StubOpenAIServer(default={"content": "x"})
    with one_after_another as sequential:
        _post(sequential.url, {"model": "m", "messages": []})
        _post(sequential.url, {"model": "m", "messages": []})

    assert len(stub.timings) == 3 and stub.most_at_once() == 3
    assert sequential.most_at_once() == 1


def _get_json(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, None


def test_as_llama_cpp_it_answers_props_and_the_models_metadata():
    with StubOpenAIServer(server={"kind": "llama.cpp", "n_ctx": 16384}) as stub:
        props = _get_json(f"http://127.0.0.1:{stub.port}/props")
        models = _get_json(f"{stub.url}/models")

    assert props[1]["default_generation_settings"]["n_ctx"] == 16384
    assert models[1]["data"][0]["meta"]["n_ctx_train"] == 131072


def test_as_vllm_it_has_no_props_but_a_max_model_len():
    with StubOpenAIServer(server={"kind": "vllm", "n_ctx": 32768}) as stub:
        props = _get_json(f"http://127.0.0.1:{stub.port}/props")
        models = _get_json(f"{stub.url}/models")

    assert props[0] == 404 and models[1]["data"][0]["max_model_len"] == 32768


def test_a_bad_server_kind_is_refused():
    with pytest.raises(ValueError, match="server kind"):
        StubOpenAIServer(server={"kind": "tgi"})
