"""Every settings key, declared once: its description, the values it takes, its default, who reads it.

A key nothing reads is not declared, so it cannot be set. `parse_token` reads a value typed on a command
line; `check_value` validates a JSON value read from a settings file or the session.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from orkeon_engine.domain.json_nesting import SETTINGS_NESTING, nests_deeper_than
from orkeon_engine.domain.permissions.modes import FALLBACK_MODE, PERMISSION_MODES
from orkeon_engine.domain.settings.behaviour import EFFORTS, OUTPUT_STYLES
from orkeon_engine.domain.settings.setting_choices import (
    DEFAULT_IDLE_MINUTES,
    DEFAULT_RULE_SETS,
    DEFAULT_SHELL_ALLOW,
    REQUEST_SEARCHES,
    STRUCTURED_SETTINGS,
    TOOL_CALL_SETTINGS,
    VERIFY_SETTINGS,
)
from orkeon_engine.domain.tools.tool_sets import TOOL_SETS

ValueKind = Literal["string", "integer", "number", "boolean", "choice", "string-list", "object"]


class ConfigValueError(ValueError):
    """A value a key does not accept; the message names the key and what it accepts."""


@dataclass(frozen=True)
class ConfigKey:
    """One settings key."""

    key: str
    description: str
    kind: ValueKind
    default: Any
    consumers: tuple[str, ...]
    """The modules that read the key, as dotted paths under orkeon_engine (checked by a test)."""
    choices: tuple[str, ...] | Callable[[], tuple[str, ...]] = ()
    minimum: float | None = None

    def allowed_choices(self) -> tuple[str, ...]:
        return self.choices() if callable(self.choices) else self.choices

    def accepts(self) -> str:
        """What the key accepts, in words."""
        if self.kind == "choice":
            return " | ".join(self.allowed_choices())
        if self.kind in ("integer", "number") and self.minimum is not None:
            return f"{self.kind} >= {self.minimum:g}"
        if self.kind == "string-list":
            return "list of strings (JSON, or comma-separated)"
        if self.kind == "object":
            return "JSON object"
        return self.kind


def _key(key: str, description: str, kind: ValueKind, default: Any, *consumers: str, **extra: Any) -> ConfigKey:
    return ConfigKey(key=key, description=description, kind=kind, default=default, consumers=consumers, **extra)


CONFIG_KEYS: tuple[ConfigKey, ...] = (
    _key(
        "model",
        "The model every crew uses, as litellm names it (openai/gpt-4o-mini, anthropic/claude-sonnet-4-5, "
        "ollama/qwen2.5-coder); ORKEON_MODEL is used when unset. Until the workspace is trusted, a project's file "
        "may only name a model of the provider you chose yourself.",
        "string",
        None,
        "services.model_settings",
    ),
    _key(
        "model.apiBase",
        "The base URL of an OpenAI-compatible server (llama.cpp, vLLM, Ollama, a LiteLLM proxy). ORKEON_API_BASE "
        "wins over the settings files; a project's file is read for it only once the workspace is trusted "
        "(orkeon trust). `local` is the server Orkeon sets up and serves itself (`orkeon model local`): started "
        "on the first model call, on a free loopback port, one for every workspace of this user.",
        "string",
        None,
        "services.model_settings",
        "services.local_model",
    ),
    _key(
        "model.local.idleMinutes",
        "Minutes without a model call after which the local model's server (model.apiBase `local`) stops; the "
        "next call starts it again. Counted from each call's start: keep it above llm.timeout.",
        "number",
        DEFAULT_IDLE_MINUTES,
        "services.local_model",
        minimum=1,
    ),
    _key(
        "review.passes",
        "How many rounds /review runs by default; each later round is shown what the earlier ones found and "
        "looks for what they missed. /passes N sets it for the session.",
        "integer",
        1,
        "commands.git.review",
        "commands.git.passes",
        minimum=1,
    ),
    _key(
        "shell.allow",
        "The programs shell_command and start_job may run: the first word of each command of the line, "
        "checked before it runs; the permission rules apply on top.",
        "string-list",
        list(DEFAULT_SHELL_ALLOW),
        "tools.shell_command",
        "commands.status.doctor",
    ),
    _key(
        "shell.environment.inherit",
        "Environment variables the commands the model runs receive besides the default set (PATH, HOME, USER, "
        "LOGNAME, SHELL, LANG, LANGUAGE, LC_*, TERM, COLORTERM, NO_COLOR, TMPDIR, TZ); a trailing * matches a "
        "prefix (NODE_*). A credential never passes, listed or not: a name with KEY, TOKEN, SECRET, PASSWORD, "
        "PASSWD, PASSPHRASE, CREDENTIAL, AUTH, COOKIE or SESSION, a provider's key, a value holding a URL "
        "password or a key, and the variables that change how bash runs (BASH_ENV, BASH_FUNC_*, IFS, "
        "LD_PRELOAD...). Read when the engine starts.",
        "string-list",
        [],
        "services.shell_environment",
    ),
    _key(
        "permissions",
        "The permission rules, as /permissions writes them: {\"allow\": [...], \"ask\": [...], \"deny\": [...]} of "
        "rules such as \"shell_command(git push:*)\" or \"file_read(.env)\" (docs/permissions.md). A rule that "
        "does not parse makes the gate refuse every call until it is fixed.",
        "object",
        None,
        "services.permission_rules",
    ),
    _key(
        "permissions.ruleSets",
        "The shipped rule sets (/permissions sets) the assistant runs under, on top of the rules: secrets unless "
        "set, so no tool touches env files or private keys; [] turns them off. A dev step runs under its own sets.",
        "string-list",
        list(DEFAULT_RULE_SETS),
        "services.permission_rules",
    ),
    _key(
        "permissions.askTimeout",
        "Seconds a question to the person (a tool call the gate asks about, the workspace trust question) waits "
        "for an answer; nobody answering in time is a Deny.",
        "number",
        120,
        "services.gate",
        "services.workspace_trust",
        minimum=1,
    ),
    _key(
        "permissions.fallback",
        "The permission mode the assistant runs in when /mode has not set one for the session.",
        "choice",
        FALLBACK_MODE,
        "services.permission_mode",
        choices=lambda: PERMISSION_MODES,
    ),
    _key(
        "assistant.effort",
        "The reasoning effort the assistant asks of the model (/effort); unset leaves the provider's default.",
        "choice",
        None,
        "commands.settings.toggles",
        "services.turn_inputs",
        choices=EFFORTS,
    ),
    _key(
        "assistant.fast",
        "When true (/fast), the assistant's turns use the model.fast model instead of the model setting.",
        "boolean",
        False,
        "commands.settings.toggles",
        "services.turn_inputs",
    ),
    _key(
        "assistant.proactive",
        "When true (/proactive), the assistant also takes the small, safe next step a finished request implies.",
        "boolean",
        False,
        "commands.settings.toggles",
        "services.turn_inputs",
    ),
    _key(
        "assistant.outputStyle",
        "How the assistant writes its answers (/output-style): default, concise (short, but explanations asked "
        "for, errors and warnings kept whole), explanatory (the reasons and trade-offs too).",
        "choice",
        "default",
        "commands.settings.toggles",
        "services.turn_inputs",
        choices=OUTPUT_STYLES,
    ),
    _key(
        "answer.language",
        "The language the assistant answers in (English, Français, ...); unset, it follows the person's.",
        "string",
        None,
        "services.turn_inputs",
    ),
    _key(
        "model.fast",
        "The quicker model /fast switches the assistant to, as litellm names it (openai/gpt-4o-mini).",
        "string",
        None,
        "commands.settings.toggles",
        "services.turn_inputs",
    ),
    _key(
        "model.contextWindow",
        "The model's context window in tokens. What the model's server reports wins over it only when smaller "
        "(the smaller of the two is used); it wins over litellm's model table. The gauge, its tiers and the "
        "compaction thresholds are derived from the window.",
        "integer",
        None,
        "services.context_window",
        minimum=1024,
    ),
    _key(
        "model.maxOutputTokens",
        "The most tokens one answer of the model may take: every call's max_tokens is at most this (less when "
        "the prompt leaves less of the window, or for a JSON answer, capped at 2048), and it is kept free in "
        "the window for the answer. Like model.contextWindow, the smaller of it and the server's limit is kept, "
        "and it wins over litellm's table; unknown, a call may take 4096. An answer cut there fails, saying so.",
        "integer",
        None,
        "services.context_window",
        "services.turn_inputs",
        minimum=16,
    ),
    _key(
        "model.temperature",
        "The sampling temperature of the assistant's model calls (0 picks the likeliest words; higher varies "
        "more); unset, the provider's or the server's own default. JSON answers (the review's lenses, /commit's "
        "message, the dev pipeline's answers) are asked at 0 whatever it says.",
        "number",
        None,
        "services.turn_inputs",
        minimum=0,
    ),
    _key(
        "assistant.budget.toolCalls",
        "The most tool calls one assistant turn may make.",
        "integer",
        200,
        "services.turn_inputs",
        minimum=1,
    ),
    _key(
        "assistant.budget.seconds",
        "The most seconds one assistant turn may take.",
        "number",
        1800,
        "services.turn_inputs",
        minimum=1,
    ),
    _key(
        "assistant.budget.contextTokens",
        "The most context tokens one assistant turn may send, each model call's prompt counted once.",
        "integer",
        700_000,
        "services.turn_inputs",
        minimum=1000,
    ),
    _key(
        "model.pricing",
        "Prices in dollars per million tokens for models litellm cannot price: "
        '{"input": 0.15, "output": 0.6}, or per model {"openai/qwen": {"input": 0, "output": 0}, "*": {...}}; '
        "optional cacheRead and cacheWrite. Unpriced calls are shown as unknown.",
        "object",
        None,
        "services.model_settings",
    ),
    _key(
        "llm.retries",
        "How many times a model call is retried after a 429 or a 5xx, with a growing wait; a server that cannot "
        "be reached is retried once at most, and a timeout is not retried (see llm.timeout).",
        "integer",
        3,
        "services.model_settings",
        minimum=0,
    ),
    _key(
        "llm.timeout",
        "Seconds a model call may take for its whole answer (a streamed one too) before it fails as timed out. "
        "A timeout is not retried: on a local server it is the model still writing, and the same request would "
        "take as long again.",
        "number",
        300,
        "services.model_settings",
        minimum=0.1,
    ),
    _key(
        "llm.firstByteSeconds",  # domain/model/model_wait.py's FIRST_BYTE_KEY, which its sentences name
        "Seconds a model call may wait for the first byte of its answer; unset: 120 for a server on this machine "
        "or the local network, 60 otherwise. Then a server with a health endpoint (llama.cpp, vLLM) is asked: "
        "one that answers is busy and gets another wait, up to llm.timeout; one that does not is hung, and the "
        "turn ends saying so. The wait shows as it grows; Ctrl-C cancels it.",
        "number",
        None,
        "services.model_settings",
        minimum=0.1,
    ),
    _key(
        "model.structuredOutput",
        "How JSON answers are asked of the model (/review's lenses, /commit...): json_schema sends the schema as "
        "response_format (strict), tool forces a call of one tool whose parameters are the schema, prompt puts "
        "the schema in the instructions (with one repair round); auto uses what litellm knows of the model, "
        "tries json_schema first for an OpenAI-compatible model.apiBase, and moves on for the session when the "
        "server refuses a way with a 400.",
        "choice",
        "auto",
        "services.model_settings",
        choices=STRUCTURED_SETTINGS,
    ),
    _key(
        "model.toolCalls",
        "How the tools are offered to the model: native sends them as the API's tools and reads its tool_calls; "
        "prompt describes them in the system prompt with one call format (<tool_call> blocks), sends no tools "
        "and gives the results back as text, for a model or server without function calling; auto is native "
        "where litellm says the model supports function calling or where an OpenAI-compatible model.apiBase "
        "serves a model litellm does not know (llama.cpp with --jinja, vLLM, Ollama, a LiteLLM proxy), else "
        "prompt. In every way a call the model writes as text in its answer is read and run as a call.",
        "choice",
        "auto",
        "services.model_settings",
        choices=TOOL_CALL_SETTINGS,
    ),
    _key(
        "assistant.toolSet",
        "Which tools the assistant is offered: full, every tool the permission mode allows; core, only "
        "file_read, directory_read, codebase_search, file_edit, file_write, shell_command and "
        "definition_rewrite (a Python function or class rewritten by focused calls in plain text; offered "
        "with the core set only) and the tools.extra tools, "
        "whose descriptions take about 1,400 tokens of each request instead of about 6,000; auto is core for a "
        "model whose context window is known and at most 32,768 tokens (a small local model reads a short "
        "prompt faster and chooses better among few tools), else full.",
        "choice",
        "auto",
        "crews.main_loop.run_offer",
        choices=TOOL_SETS,
    ),
    _key(
        "assistant.namedFiles",
        "When true, a turn of the assistant reads the project files its request names (by path, or by a file "
        "name only one project file has: calc.py) and puts them whole beside the request, at most 4 files of "
        "about 3,000 tokens each, within the pinned files' share of the window; a file the read rules refuse, "
        "or whose file_read would ask the person, is left out. false leaves the reading to the model.",
        "boolean",
        True,
        "crews.main_loop.run_prompt",
    ),
    _key(
        "assistant.requestSearch",
        "Whether a turn of the assistant first looks the request's words up in the project's files (the ones "
        "git lists, 400 at most) and puts the 8 best lines beside the request, marked as leads: on; off; auto, "
        "only with the core tool set (assistant.toolSet), for a small model that answers from what it imagines "
        "rather than reading. Files the read rules refuse, or whose file_read would ask, are not searched.",
        "choice",
        "auto",
        "crews.main_loop.run_prompt",
        choices=REQUEST_SEARCHES,
    ),
    _key(
        "assistant.verify",
        "Whether a turn of the assistant runs the project's checks (the test command its configuration states: "
        "pytest, npm test, go test, cargo test, a Makefile or justfile target): auto, after the turn's edits, "
        "the narrowest relevant one (the tests named after a changed file or importing a changed module, else "
        "the whole test command), its failure (the assertion and the traceback's frames inside the project) "
        "sent back to the model until it passes or the turn's budget ends; and before the model's first step "
        "when the request asks to fix something, so the model starts from the failure. Each run is a shell "
        "command put to the permission gate like any other: with no rule that allows it and nobody to answer, "
        "it does not run and the answer says the change is unchecked; plan mode runs nothing. off never runs one.",
        "choice",
        "auto",
        "services.turn_checks",
        choices=VERIFY_SETTINGS,
    ),
    _key(
        "assistant.candidates",
        "How many candidate changes the assistant asks for once a check of the project fails (with "
        "assistant.verify): each written by the model in plain text, tried in a scratch copy of the workspace "
        "(the failing check, then the whole test command), the first that passes put to the permission gate as "
        "one edit, with the check that proved it named in the answer. Unset: 4 with the core tool set "
        "(assistant.toolSet), 1 otherwise; 1 asks for none. At most 8.",
        "integer",
        None,
        "services.candidate_step",
        minimum=1,
    ),
    _key(
        "model.preload",
        "When true, the language server and the interactive prompt load the model client (litellm, seconds of "
        "import) in the background once idle, so the first model command does not wait for it; false keeps "
        "the idle process small. Only when a model is configured.",
        "boolean",
        True,
        "engine",
    ),
    _key(
        "review.concurrency",
        "How many lenses of /review (and /security-review) ask the model at once; a review takes about the "
        "time of its slowest lens.",
        "integer",
        3,
        "commands.git.review",
        minimum=1,
    ),
    _key(
        "review.definitions",
        "When true, /review (and /security-review) shows each lens the definitions its changed lines use (the "
        "first lines of each function, class or constant they call or read, found in the repository as the "
        "change leaves it), so a call can be checked against what it calls.",
        "boolean",
        True,
        "commands.git.review",
    ),
    _key(
        "review.deadline",
        "Seconds a whole /review may take; the lenses still running then are stopped and reported as failed "
        "(each model call is also bounded by llm.timeout). The default keeps a review on a slow local server "
        "within ten minutes.",
        "number",
        600,
        "commands.git.review",
        minimum=1,
    ),
    _key(
        "hooks",
        "Commands run at points of the assistant's turn, by event: PreToolUse (may deny a tool call, ask, or "
        "allow it), PostToolUse, UserPromptSubmit (may block the turn, or add what it prints as context), Stop "
        "(may send the model back to work); "
        "each a list of {\"matcher\": \"<tool name pattern or *>\", \"command\": \"...\", \"timeout\": "
        "seconds}; a value with an entry that does not parse is refused. The event is JSON on the command's "
        "stdin; exit 2 blocks with stderr as the reason. The "
        "user's, the session's and the project's hooks all run; a project's file is read for them only once the "
        "workspace is trusted.",
        "object",
        None,
        "services.hooks",
    ),
    _key(
        "advisor.model",
        "The model /advisor asks for its second opinion, as litellm names it (best another model than the "
        "assistant's); the session's model is used when unset.",
        "string",
        None,
        "commands.settings.advisor",
    ),
    _key(
        "dev.workFolder",
        "Where the dev pipeline keeps each piece of work (its spec or change brief, its review, later its plan): "
        "<folder>/<code>/, a folder inside the workspace. /commit leaves it out unless a path inside it is named.",
        "string",
        ".orkeon/work",
        "services.work_folder",
    ),
    _key(
        "dev.prAuto",
        "When true, the dev plan's close pushes the branch and opens the pull request (through the GitHub API, "
        "as /commit --pr does); false, it commits only and names the push and gh pr create commands. A "
        "project's file is read for it only once the workspace is trusted.",
        "boolean",
        False,
        "services.pull_requests",
    ),
    _key(
        "github.apiUrl",
        "The GitHub REST API that opens pull requests (/commit --pr, the create_pr tool): https://api.github.com, "
        "or a GitHub Enterprise server's https://<host>/api/v3. It receives your GITHUB_TOKEN (else GH_TOKEN), "
        "so it must be https (http only to a loopback address), and a project's file is read for it only once "
        "the workspace is trusted (orkeon trust).",
        "string",
        "https://api.github.com",
        "services.pull_requests",
    ),
    _key(
        "memory.vectors",
        "Whether the shared memory's recall (memory_recall, /memory search) fuses dense vectors with its "
        "full-text ranking: auto uses them when the orkeon[embeddings] extra is installed; off keeps to full "
        "text (FTS5, bm25).",
        "choice",
        "auto",
        "services.shared_memory",
        choices=("auto", "off"),
    ),
    _key(
        "memory.proposals",
        "The candidate files /memory admit reads when no --from is given (workspace-relative; /dev-learn "
        "writes its proposals to PROPOSALS.md): candidate sections and verdict rows (docs/shared-memory.md).",
        "string-list",
        ["PROPOSALS.md"],
        "services.shared_memory",
    ),
    _key(
        "mcp.servers",
        "MCP servers to start over stdio when needed, by name: {\"github\": {\"command\": \"github-mcp\", "
        "\"args\": [], \"env\": {\"TOKEN\": \"${GITHUB_TOKEN}\"}}}, as .mcp.json's mcpServers; ${VAR} is read "
        "from the environment. "
        "A project file's servers start only in a trusted workspace (orkeon trust grant).",
        "object",
        None,
        "services.mcp_hub",
    ),
    _key(
        "tools.extra",
        "The MCP servers' tools the assistant is offered, each mcp__<server>__<tool>, of class write unless "
        "followed by :read (mcp__github__list_issues:read); checked against what the servers register when the "
        "assistant starts. A project file's list is used only in a trusted workspace (orkeon trust grant).",
        "string-list",
        None,
        "services.extra_tools",
    ),
    _key(
        "voice.reply",
        "When true, the assistant's answer is also spoken (the speech server's speak, played on this machine) "
        "after each turn; a failure to speak is only a warning.",
        "boolean",
        False,
        "commands._shared.main_loop",
    ),
)

KEYS_BY_NAME: dict[str, ConfigKey] = {k.key: k for k in CONFIG_KEYS}


def find_key(key: str) -> ConfigKey | None:
    return KEYS_BY_NAME.get(key)


def known_keys_text() -> str:
    return ", ".join(sorted(KEYS_BY_NAME))


def check_value(spec: ConfigKey, value: Any) -> Any:
    """Return the value when the key accepts it, else raise ConfigValueError naming the key."""
    if value is None:
        return None
    ok = _VALIDATORS[spec.kind](spec, value)
    if not ok:
        raise ConfigValueError(f"{spec.key}: {json.dumps(value)} is not accepted; expected {spec.accepts()}")
    return value


def parse_token(spec: ConfigKey, text: str) -> Any:
    """Read a value typed on a command line for this key, or raise ConfigValueError."""
    value: Any
    if spec.kind == "boolean":
        lowered = text.strip().lower()
        if lowered in ("true", "on", "yes", "1"):
            value = True
        elif lowered in ("false", "off", "no", "0"):
            value = False
        else:
            raise ConfigValueError(f"{spec.key}: {text!r} is not accepted; expected true or false")
    elif spec.kind == "integer":
        try:
            value = int(text)
        except ValueError:
            raise ConfigValueError(f"{spec.key}: {text!r} is not accepted; expected {spec.accepts()}") from None
    elif spec.kind == "number":
        try:
            value = float(text)
        except ValueError:
            raise ConfigValueError(f"{spec.key}: {text!r} is not accepted; expected {spec.accepts()}") from None
    elif spec.kind == "string-list":
        value = _parse_list(spec, text)
    elif spec.kind == "object":
        value = _parse_json(spec, text)
    else:
        value = text
    return check_value(spec, value)


def _parse_list(spec: ConfigKey, text: str) -> Any:
    if text.strip().startswith("["):
        return _parse_json(spec, text)
    return [part.strip() for part in text.split(",") if part.strip()]


def _parse_json(spec: ConfigKey, text: str) -> Any:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise ConfigValueError(f"{spec.key}: not valid JSON ({error.msg}); expected {spec.accepts()}") from None
    except RecursionError:
        value = None
    if value is None or nests_deeper_than(value, SETTINGS_NESTING):
        raise ConfigValueError(f"{spec.key}: the value nests more than {SETTINGS_NESTING} levels deep; expected "
                               f"{spec.accepts()}")
    return value


def _is_string(spec: ConfigKey, value: Any) -> bool:
    return isinstance(value, str) and value != ""


def _is_integer(spec: ConfigKey, value: Any) -> bool:
    ok = isinstance(value, int) and not isinstance(value, bool)
    return ok and (spec.minimum is None or value >= spec.minimum)


def _is_number(spec: ConfigKey, value: Any) -> bool:
    ok = isinstance(value, int | float) and not isinstance(value, bool)
    return ok and (spec.minimum is None or value >= spec.minimum)


def _is_boolean(spec: ConfigKey, value: Any) -> bool:
    return isinstance(value, bool)


def _is_choice(spec: ConfigKey, value: Any) -> bool:
    return isinstance(value, str) and value in spec.allowed_choices()


def _is_string_list(spec: ConfigKey, value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _is_object(spec: ConfigKey, value: Any) -> bool:
    return isinstance(value, dict)


_VALIDATORS: dict[ValueKind, Callable[[ConfigKey, Any], bool]] = {
    "string": _is_string,
    "integer": _is_integer,
    "number": _is_number,
    "boolean": _is_boolean,
    "choice": _is_choice,
    "string-list": _is_string_list,
    "object": _is_object,
}
