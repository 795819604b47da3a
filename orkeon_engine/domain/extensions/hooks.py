"""Hooks as the `hooks` setting declares them, and what a hook's run means (Claude Code's model).

The setting is an object of events, each a list of entries `{"matcher": "<tool name pattern or *>",
"command": "...", "timeout": seconds}` (a bare command string is an entry for every tool). The events:

- PreToolUse: before a tool call of the assistant runs (after the permission rules, which it cannot loosen
  past a deny); it may let the call go on, deny it, ask the person, or allow it without a question;
- PostToolUse: after the call ran, with its result; it may tell the model something (exit 2, or block);
- UserPromptSubmit: before the assistant's turn starts on the person's request; it may block the turn;
- Stop: once the turn has its final answer; blocking it sends the model back to work with the reason.

A hook is a command run with the event as JSON on stdin. Its exit code and stdout decide (`read_run`):
exit 0 goes on (its stdout may be a JSON object `{"decision": ..., "reason": ...}`; a UserPromptSubmit hook's
other stdout, or its `hookSpecificOutput.additionalContext`, is context the turn adds beside the request, as
Claude Code does), exit 2 blocks with its stderr as the reason told to the model, any other exit, a timeout
or a command that cannot start is a failure the person is shown. A failing PreToolUse hook denies the call:
a guard that cannot answer never lets a call through silently.

The old shape (free event names: beforeTool, afterTool, afterTurn...) is refused entry by entry with a
problem naming the key and the events accepted, never dropped silently and never run under a guessed event.
A PreToolUse entry that does not parse is a guard that cannot run: while one stands, every tool call is
refused, naming it (`broken_guards`), as a malformed permission rule stops every call.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Any, Literal

HookEvent = Literal["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop"]
HOOK_EVENTS: tuple[HookEvent, ...] = ("PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop")
TOOL_EVENTS: tuple[HookEvent, ...] = ("PreToolUse", "PostToolUse")
HookSource = Literal["user", "project", "session"]
DEFAULT_TIMEOUT = 60.0
MAX_TIMEOUT = 600.0
BLOCK_EXIT = 2
OLD_EVENTS: dict[str, str] = {
    "beforetool": "PreToolUse", "aftertool": "PostToolUse", "afteredit": "PostToolUse",
    "afterturn": "Stop", "beforeturn": "UserPromptSubmit", "sessionstart": "UserPromptSubmit",
}
"""The free names the setting took before hooks ran, and the event nearest to each (said in the problem)."""
FIELDS = ("matcher", "command", "timeout")
EXAMPLE = '{"PreToolUse": [{"matcher": "shell_command", "command": "./check.sh", "timeout": 10}]}'
ACCEPTED = (f"an object of events ({', '.join(HOOK_EVENTS)}), each a command string or a list of "
            '{"matcher": "<tool name pattern or *>", "command": "...", "timeout": seconds}')
MAX_CONTEXT_CHARS = 10_000
"""How much of a UserPromptSubmit hook's stdout the turn adds as context (the rest is cut, and said so)."""


@dataclass(frozen=True)
class HookDeclaration:
    """One declared hook: its event, the tools it is for, its command line, its timeout, where it came from."""

    event: HookEvent
    command: str
    matcher: str = "*"
    timeout: float = DEFAULT_TIMEOUT
    source: HookSource = "user"

    def describe(self) -> str:
        """`PreToolUse shell_command: ./check.sh`, `Stop: make lint`."""
        where = f" {self.matcher}" if self.matcher != "*" and self.event in TOOL_EVENTS else ""
        return f"{self.event}{where}: {self.command}"

    def matches(self, tool: str) -> bool:
        """Whether a tool event for `tool` runs this hook (an event without a tool always does)."""
        return self.event not in TOOL_EVENTS or matcher_covers(self.matcher, tool)


@dataclass(frozen=True)
class HookBook:
    """The declared hooks in the settings' order, and one line per declaration that does not fit."""

    hooks: tuple[HookDeclaration, ...] = ()
    problems: tuple[str, ...] = ()
    broken_guards: tuple[str, ...] = ()
    """The problems of the PreToolUse entries that do not parse: each refuses every tool call while it stands."""

    def for_event(self, event: HookEvent, tool: str = "") -> tuple[HookDeclaration, ...]:
        return tuple(hook for hook in self.hooks if hook.event == event and hook.matches(tool))

    def __add__(self, other: HookBook) -> HookBook:
        return HookBook(self.hooks + other.hooks, self.problems + other.problems,
                        self.broken_guards + other.broken_guards)


def matcher_covers(matcher: str, tool: str) -> bool:
    """`*` (or empty) covers every tool; else any of its `|`-separated names, each a tool name in any case
    where `*` stands for any characters (`mcp__github__*`, `file_write|shell_command`)."""
    names = [part.strip().lower() for part in matcher.split("|") if part.strip()]
    return not names or any(fnmatchcase(tool.lower(), name) for name in names)


def parse_hooks(value: Any, source: HookSource = "user", key: str = "hooks") -> HookBook:
    """Read a `hooks` value (None when unset) from `source`; `key` names it in the problems."""
    if value is None:
        return HookBook()
    if not isinstance(value, dict):
        return HookBook(problems=(f"{key}: expected an object of events ({', '.join(HOOK_EVENTS)}), such as "
                                  f"{EXAMPLE}",))
    hooks: list[HookDeclaration] = []
    problems: list[str] = []
    broken: list[str] = []
    for name, entries in value.items():
        event = _event(name)
        if event is None:
            problems.append(_unknown_event(key, name))
            continue
        if not isinstance(entries, list):
            entries = [entries]  # one entry given alone
        for index, entry in enumerate(entries):
            parsed = _entry(event, entry, source)
            if isinstance(parsed, str):
                problems.append(f"{key}.{name}[{index}]: {parsed}")
                if event == "PreToolUse":
                    broken.append(problems[-1].removesuffix("; not run"))
            else:
                hooks.append(parsed)
    return HookBook(tuple(hooks), tuple(problems), tuple(broken))


def refusal(problems: tuple[str, ...]) -> str:
    """Why `orkeon config set hooks` refuses a value with `problems` (parse_hooks' lines): nothing is written, so
    a hook that would not run never replaces one that does."""
    first = problems[0].removesuffix("; not run")
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return f"{first}{more}; nothing written: hooks takes {ACCEPTED}, such as {EXAMPLE}"


def _event(name: object) -> HookEvent | None:
    return next((event for event in HOOK_EVENTS if event == name), None)


def _unknown_event(key: str, name: str) -> str:
    nearest = OLD_EVENTS.get(str(name).lower())
    hint = f" (the old name {name}: use {nearest}, whose hooks run)" if nearest else ""
    return f"{key}.{name}: not an event{hint}; events: {', '.join(HOOK_EVENTS)}; not run"


def _entry(event: HookEvent, entry: Any, source: HookSource) -> HookDeclaration | str:
    if isinstance(entry, str):
        return HookDeclaration(event, entry.strip(), source=source) if entry.strip() else "an empty command"
    if not isinstance(entry, dict):
        return 'expected {"matcher": "<tool name pattern or *>", "command": "...", "timeout": seconds}; not run'
    unknown = sorted(set(entry) - set(FIELDS))
    if unknown:
        return f"unknown field {unknown[0]!r}; fields: {', '.join(FIELDS)}; not run"
    command = entry.get("command")
    if not isinstance(command, str) or not command.strip():
        return "a command string is required; not run"
    matcher = entry.get("matcher", "*")
    if not isinstance(matcher, str) or not matcher.strip():
        return "the matcher must be a tool name pattern or *; not run"
    timeout = entry.get("timeout", DEFAULT_TIMEOUT)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout <= MAX_TIMEOUT:
        return f"the timeout must be a number of seconds above 0, at most {MAX_TIMEOUT:g}; not run"
    return HookDeclaration(event, command.strip(), matcher.strip(), float(timeout), source)


# --- the event on stdin ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class HookContext:
    """What every event says: the session, the workspace, the permission mode."""

    session_id: str
    workspace: str
    mode: str = ""


def event_input(event: HookEvent, context: HookContext, **fields: Any) -> str:
    """The JSON a hook reads on stdin: `hook_event_name`, `session_id`, `workspace` (also as `cwd`, where the
    command runs), `permission_mode`, then the event's own fields (tool_name and tool_input; tool_response;
    prompt; answer and stop_hook_active)."""
    payload = {"hook_event_name": event, "session_id": context.session_id, "workspace": context.workspace,
               "cwd": context.workspace, "permission_mode": context.mode, **fields}
    return json.dumps(payload, ensure_ascii=False, default=str)


# --- what a run means -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class HookRun:
    """How a hook's command ended: its exit code (None when it never ended), its output, whether its
    timeout killed it, or why it could not start."""

    exit_code: int | None
    stdout: str = ""
    stderr: str = ""
    timed_out: bool = False
    error: str = ""


OutcomeKind = Literal["continue", "allow", "ask", "deny", "block", "failed"]
PRE_DECISIONS = ("allow", "ask", "deny")


@dataclass(frozen=True)
class HookOutcome:
    """What one hook's run says: go on, allow, ask, deny (PreToolUse), block (with the reason for the
    model), or failed (with the message for the person)."""

    hook: HookDeclaration
    kind: OutcomeKind
    reason: str = ""
    context: str = ""
    """What a UserPromptSubmit hook that lets the turn go on adds beside the request (its stdout)."""

    def said(self) -> str:
        """`the PreToolUse hook `./check.sh` (user)`, for the messages."""
        return f"the {self.hook.event} hook `{self.hook.command}` ({self.hook.source})"


def read_run(hook: HookDeclaration, run: HookRun) -> HookOutcome:
    """The outcome of `hook`'s run by its exit code and stdout (the module docstring)."""
    if run.error:
        return HookOutcome(hook, "failed", f"could not start: {run.error}")
    if run.timed_out or run.exit_code is None:
        return HookOutcome(hook, "failed", f"did not finish within its timeout of {hook.timeout:g} s and was "
                                           "stopped")
    if run.exit_code == BLOCK_EXIT:
        return HookOutcome(hook, "deny" if hook.event == "PreToolUse" else "block",
                           _first_lines(run.stderr) or "the hook gave no reason (nothing on stderr)")
    if run.exit_code != 0:
        detail = _first_lines(run.stderr) or _first_lines(run.stdout) or "no output"
        return HookOutcome(hook, "failed", f"exited with code {run.exit_code}: {detail}")
    return _decision(hook, run.stdout)


def _decision(hook: HookDeclaration, stdout: str) -> HookOutcome:
    text = stdout.strip()
    if not text.startswith("{"):
        return HookOutcome(hook, "continue", context=_context(hook, text))
    try:
        answer = json.loads(text)
    except ValueError:
        return HookOutcome(hook, "failed", "printed something that starts like JSON but does not parse; print "
                                           'nothing, or one object such as {"decision": "deny", "reason": "..."}')
    if not isinstance(answer, dict):
        return HookOutcome(hook, "continue", context=_context(hook, text))
    specific = answer.get("hookSpecificOutput")  # Claude Code's newer shape, read as the same answer
    added = specific.get("additionalContext") if isinstance(specific, dict) else None
    if isinstance(specific, dict) and "permissionDecision" in specific:
        decision, reason = specific.get("permissionDecision"), specific.get("permissionDecisionReason")
    else:
        decision, reason = answer.get("decision"), answer.get("reason")
    reason = reason.strip() if isinstance(reason, str) else ""
    if decision is None:
        return HookOutcome(hook, "continue", context=_context(hook, added if isinstance(added, str) else ""))
    accepted = PRE_DECISIONS if hook.event == "PreToolUse" else ("block",)
    if hook.event == "PreToolUse" and decision == "block":
        decision = "deny"
    if decision not in accepted:
        return HookOutcome(hook, "failed", f"answered the decision {json.dumps(decision)}, which {hook.event} "
                                           f"does not take; decisions: {', '.join(accepted)}")
    kind: OutcomeKind = "allow" if decision == "allow" else "ask" if decision == "ask" else \
        "deny" if decision == "deny" else "block"
    return HookOutcome(hook, kind, reason or "the hook gave no reason")


def _context(hook: HookDeclaration, text: str) -> str:
    """A UserPromptSubmit hook's stdout as the turn's context, cut to MAX_CONTEXT_CHARS; "" for other events."""
    cleaned = text.strip()
    if hook.event != "UserPromptSubmit" or not cleaned:
        return ""
    if len(cleaned) <= MAX_CONTEXT_CHARS:
        return cleaned
    return f"{cleaned[:MAX_CONTEXT_CHARS]}\n[cut: the hook printed {len(cleaned):,} characters]"


def _first_lines(text: str, limit: int = 600) -> str:
    cleaned = text.strip()
    return cleaned if len(cleaned) <= limit else cleaned[:limit - 3] + "..."


# --- several hooks of one event -------------------------------------------------------------------------

@dataclass(frozen=True)
class PreToolVerdict:
    """The PreToolUse hooks' joint word on a call: `continue` (no opinion), allow, ask or deny, why, and
    the failures the person is shown."""

    kind: Literal["continue", "allow", "ask", "deny"]
    reason: str = ""
    failures: tuple[str, ...] = ()


def join_pre_tool(outcomes: tuple[HookOutcome, ...]) -> PreToolVerdict:
    """Deny when any hook denies or fails (a failure is never a silent allow), else ask when any asks, else
    allow when any allows, else continue."""
    failures = tuple(f"{o.said()} {o.reason}" for o in outcomes if o.kind == "failed")
    for outcome in outcomes:
        if outcome.kind == "deny":
            return PreToolVerdict("deny", f"{outcome.said()} denied the call: {outcome.reason}", failures)
        if outcome.kind == "failed":
            return PreToolVerdict("deny", f"{outcome.said()} failed, so the call is refused ({outcome.reason})",
                                  failures)
    asks = [o for o in outcomes if o.kind == "ask"]
    if asks:
        return PreToolVerdict("ask", f"{asks[0].said()} asks for your approval: {asks[0].reason}")
    allows = [o for o in outcomes if o.kind == "allow"]
    if allows:
        return PreToolVerdict("allow", f"allowed by {allows[0].said()}: {allows[0].reason}")
    return PreToolVerdict("continue")


def broken_guard_verdict(broken: tuple[str, ...]) -> PreToolVerdict:
    """The word on every tool call while a PreToolUse entry does not parse: deny, naming the first."""
    return PreToolVerdict("deny", f"the PreToolUse hook {broken[0]}: a guard that cannot run refuses every tool "
                                  "call until its entry is fixed (/hooks shows it)")


def failure_line(outcome: HookOutcome) -> str:
    """The message the person is shown for a failed hook."""
    return f"{outcome.said()} {outcome.reason}"
