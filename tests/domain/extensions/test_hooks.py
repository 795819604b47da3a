import json

from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.extensions.hooks import (
    DEFAULT_TIMEOUT,
    MAX_CONTEXT_CHARS,
    HookContext,
    HookDeclaration,
    HookOutcome,
    HookRun,
    event_input,
    join_pre_tool,
    matcher_covers,
    parse_hooks,
    read_run,
    refusal,
)

PRE = HookDeclaration("PreToolUse", "./check.sh", "shell_command", 5.0)
STOP = HookDeclaration("Stop", "make test")
PROMPT = HookDeclaration("UserPromptSubmit", "./context.sh")


def test_entries_are_read_in_the_settings_order_with_their_defaults():
    book = parse_hooks({"PreToolUse": [{"matcher": "shell_command", "command": "./check.sh", "timeout": 5}],
                        "Stop": ["make test"]}, "project")

    assert book.hooks == (HookDeclaration("PreToolUse", "./check.sh", "shell_command", 5.0, "project"),
                          HookDeclaration("Stop", "make test", "*", DEFAULT_TIMEOUT, "project"))
    assert book.problems == ()


def test_an_old_event_name_is_refused_naming_the_event_to_use():
    book = parse_hooks({"beforeTool": [{"command": "./check.sh"}], "Stop": ["make test"]})

    assert [hook.event for hook in book.hooks] == ["Stop"]
    assert book.problems == ("hooks.beforeTool: not an event (the old name beforeTool: use PreToolUse, whose hooks "
                             "run); events: PreToolUse, PostToolUse, UserPromptSubmit, Stop; not run",)


def test_a_bad_entry_is_a_problem_naming_its_place_and_the_fields():
    book = parse_hooks({"PreToolUse": [{"command": "x", "when": "always"}, {"command": "y", "timeout": 0}]})

    assert book.hooks == ()
    assert book.problems[0] == "hooks.PreToolUse[0]: unknown field 'when'; fields: matcher, command, timeout; not run"
    assert book.problems[1].startswith("hooks.PreToolUse[1]: the timeout must be a number of seconds above 0")


def test_a_value_that_is_not_an_object_is_one_problem():
    assert parse_hooks(["make lint"]).problems[0].startswith("hooks: expected an object of events")


def test_the_matcher_takes_names_alternatives_and_prefixes_in_any_case():
    assert matcher_covers("*", "file_write")
    assert matcher_covers("file_write|Shell_Command", "shell_command")
    assert matcher_covers("mcp__github__*", "mcp__github__list_issues")
    assert not matcher_covers("file_write", "file_read")


def test_a_tool_event_runs_only_for_the_tools_its_matcher_covers():
    book = parse_hooks({"PreToolUse": [{"matcher": "shell_command", "command": "a"}], "Stop": ["b"]})

    assert [h.command for h in book.for_event("PreToolUse", "file_write")] == []
    assert [h.command for h in book.for_event("PreToolUse", "shell_command")] == ["a"]
    assert [h.command for h in book.for_event("Stop")] == ["b"]


def test_the_event_on_stdin_names_the_event_the_session_and_the_tool():
    payload = json.loads(event_input("PreToolUse", HookContext("s1", "/repo", "default"), tool_name="shell_command",
                                     tool_input={"command": "ls"}))

    assert payload == {"hook_event_name": "PreToolUse", "session_id": "s1", "workspace": "/repo", "cwd": "/repo",
                       "permission_mode": "default", "tool_name": "shell_command", "tool_input": {"command": "ls"}}


def test_exit_zero_without_output_goes_on():
    assert read_run(PRE, HookRun(0, "all fine\n")).kind == "continue"


def test_exit_zero_with_a_decision_says_it_with_its_reason():
    outcome = read_run(PRE, HookRun(0, '{"decision": "ask", "reason": "a push"}'))

    assert (outcome.kind, outcome.reason) == ("ask", "a push")


def test_claude_codes_permission_decision_is_read_too():
    stdout = json.dumps({"hookSpecificOutput": {"permissionDecision": "deny", "permissionDecisionReason": "no"}})

    assert read_run(PRE, HookRun(0, stdout)).kind == "deny"


def test_exit_two_denies_a_tool_call_with_stderr_as_the_reason():
    outcome = read_run(PRE, HookRun(2, "", "no pushes on Friday\n"))

    assert (outcome.kind, outcome.reason) == ("deny", "no pushes on Friday")


def test_exit_two_blocks_the_other_events():
    assert read_run(STOP, HookRun(2, "", "tests fail")).kind == "block"


def test_another_exit_code_is_a_failure_with_its_stderr():
    outcome = read_run(PRE, HookRun(1, "", "check.sh: not found"))

    assert (outcome.kind, outcome.reason) == ("failed", "exited with code 1: check.sh: not found")


def test_a_timeout_is_a_failure_naming_the_timeout():
    outcome = read_run(PRE, HookRun(None, timed_out=True))

    assert outcome.kind == "failed" and "within its timeout of 5 s" in outcome.reason


def test_a_decision_the_event_does_not_take_is_a_failure():
    outcome = read_run(STOP, HookRun(0, '{"decision": "allow"}'))

    assert outcome.kind == "failed" and "decisions: block" in outcome.reason


def test_a_failed_pre_tool_hook_denies_the_call_never_allows_it():
    verdict = join_pre_tool((HookOutcome(PRE, "allow", "ok"), HookOutcome(PRE, "failed", "exited with code 1")))

    assert verdict.kind == "deny" and "failed, so the call is refused" in verdict.reason
    assert len(verdict.failures) == 1


def test_an_ask_wins_over_an_allow():
    assert join_pre_tool((HookOutcome(PRE, "allow", "ok"), HookOutcome(PRE, "ask", "sure?"))).kind == "ask"


@given(st.integers(min_value=-255, max_value=255), st.text(max_size=40), st.text(max_size=40))
def test_no_run_of_a_pre_tool_hook_that_is_not_exit_zero_allows_the_call(code, stdout, stderr):
    outcome = read_run(PRE, HookRun(code, stdout, stderr))

    assert code == 0 or join_pre_tool((outcome,)).kind == "deny"


@given(st.dictionaries(st.text(max_size=12), st.one_of(st.text(max_size=12), st.integers(), st.none(),
                                                      st.lists(st.text(max_size=5), max_size=3)), max_size=4))
def test_any_json_object_reads_without_raising(value):
    book = parse_hooks(value)

    assert len(book.hooks) + len(book.problems) >= 0


def test_a_prompt_hooks_plain_stdout_is_context_for_the_turn():
    outcome = read_run(PROMPT, HookRun(0, "branch: main\nopen issue: #12\n"))

    assert outcome.kind == "continue" and outcome.context == "branch: main\nopen issue: #12"


def test_a_prompt_hooks_additional_context_is_read_from_claude_codes_shape():
    answer = {"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "on call: Ana"}}

    outcome = read_run(PROMPT, HookRun(0, json.dumps(answer)))

    assert outcome.kind == "continue" and outcome.context == "on call: Ana"


def test_a_prompt_hooks_context_is_cut_and_says_so():
    outcome = read_run(PROMPT, HookRun(0, "x" * (MAX_CONTEXT_CHARS + 5)))

    assert outcome.context.startswith("x" * MAX_CONTEXT_CHARS)
    assert outcome.context.endswith(f"[cut: the hook printed {MAX_CONTEXT_CHARS + 5:,} characters]")


def test_the_stdout_of_the_other_events_is_no_context():
    assert read_run(STOP, HookRun(0, "all green")).context == ""
    assert read_run(PRE, HookRun(0, "checked")).context == ""


def test_the_refusal_of_a_set_value_names_the_entry_and_what_is_accepted():
    problems = parse_hooks({"PreToolUse": [{"comand": "./check.sh"}], "Stop": [""]}).problems

    text = refusal(problems)

    assert text.startswith("hooks.PreToolUse[0]: unknown field 'comand'; fields: matcher, command, timeout (and 1 "
                           "more); nothing written: hooks takes an object of events (PreToolUse, PostToolUse, "
                           "UserPromptSubmit, Stop)")
    assert '"matcher": "<tool name pattern or *>"' in text and "; not run" not in text
