"""What a turn of the assistant reads before it builds its prompt, through the ports: the behaviour flags
and the call options they choose, the budget, the project's instructions file, the attached playbooks, the
declared hooks, the environment (date, git status), the memory notes and the session's cost.

Each read is best effort where the turn can go on without it: a file that cannot be read is absent, a
memory store that fails is logged and skipped.
"""

from __future__ import annotations

from orkeon_engine.domain.context.turn_inputs import (
    INSTRUCTION_FILES,
    Environment,
    Hook,
    ProjectInstructions,
    Skill,
    pick_instructions,
)
from orkeon_engine.domain.extensions.skills import SKILLS_STATE_KEY
from orkeon_engine.domain.model.act import Budget
from orkeon_engine.domain.model.chat import CallOptions
from orkeon_engine.domain.session.memory import MemoryNote
from orkeon_engine.domain.settings.behaviour import BehaviourFlags, read_flags
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.ports.logger import Logger
from orkeon_engine.ports.memory_store import MemoryStore
from orkeon_engine.ports.shell import Shell, ShellError
from orkeon_engine.ports.usage_ledger import UsageLedger
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.hooks import read_hooks as declared_hooks
from orkeon_engine.services.session_io import CurrentSession
from orkeon_engine.services.skills import attached_skills

SKILLS_KEY = SKILLS_STATE_KEY
"""The state bag's list of attached playbooks: paths, or {"name", "path"} objects (/skills writes it)."""
GIT_STATUS_COMMAND = "git status --short --branch"
GIT_STATUS_TIMEOUT = 10.0
GIT_FILES_COMMAND = "git ls-files --cached --others --exclude-standard"
GIT_FILES_OUTPUT_BYTES = 64_000
"""Enough for a few thousand paths; the environment block shows a folder overview past its own ceiling."""


async def read_behaviour(config: ConfigStore) -> BehaviourFlags:
    """The behaviour flags of a turn, from the session settings (or the settings files)."""
    return read_flags(
        await config.get("assistant.effort"),
        await config.get("assistant.fast", False),
        await config.get("assistant.proactive", False),
        await config.get("assistant.outputStyle", "default"),
        await config.get("answer.language", ""),
    )


async def call_options(config: ConfigStore, flags: BehaviourFlags) -> tuple[CallOptions, list[str]]:
    """The model call's options from the flags (the effort, the fast model), `model.maxOutputTokens` (sent as
    the call's max_tokens when set) and `model.temperature`, and any warning."""
    model = None
    warnings = []
    if flags.fast:
        model = await config.get("model.fast")
        if not model:
            warnings.append("/fast is on but model.fast is not set; the usual model answered")
    limit = await config.get("model.maxOutputTokens", None)
    max_tokens = limit if isinstance(limit, int) and not isinstance(limit, bool) and limit > 0 else None
    temperature = await config.get("model.temperature", None)
    chosen = float(temperature) if isinstance(temperature, int | float) and not isinstance(temperature, bool) else None
    return CallOptions(reasoning_effort=flags.effort, model=model or None, max_tokens=max_tokens,
                       temperature=chosen), warnings


async def read_budget(config: ConfigStore) -> Budget:
    """The turn's budget: 200 tool calls, 1,800 seconds, 700k context tokens, unless the settings say."""
    return Budget(
        tool_calls=int(await config.get("assistant.budget.toolCalls", 200)),
        seconds=float(await config.get("assistant.budget.seconds", 1800)),
        context_tokens=int(await config.get("assistant.budget.contextTokens", 700_000)),
    )


async def read_instructions(files: Files | None) -> ProjectInstructions | None:
    found: dict[str, str | None] = {}
    for name in INSTRUCTION_FILES:
        found[name] = await read_optional_text(files, f"/workspace/{name}")
    return pick_instructions(found)


async def read_skills(session: CurrentSession, files: Files | None) -> tuple[Skill, ...]:
    """The attached skills as the prompt body shows them (/skills attaches them; services/skills reads them)."""
    if files is None:
        return ()
    return tuple(
        Skill(skill.name, skill.text if not skill.error else f"(the file {skill.path} cannot be read: {skill.error})")
        for skill in await attached_skills(session, files)
    )


async def read_hooks(config: ConfigStore) -> tuple[Hook, ...]:
    """The hooks that run, as the prompt names them; services/hooks.py reads the setting (as /hooks does)."""
    declared = await declared_hooks(config)
    return tuple(Hook(h.event if h.matcher == "*" else f"{h.event} {h.matcher}", h.command)
                 for h in declared.book.hooks)


async def read_environment(workspace: WorkspaceInfo, clock: Clock, shell: Shell | None) -> Environment:
    """The working directory, today's date, the git status and the project's files as the turn begins."""
    date = clock.now().date().isoformat()
    if not workspace.is_git:
        return Environment("/workspace", date, None)
    if shell is None:
        return Environment("/workspace", date, "(the git status could not be read: no shell in this engine)")
    try:
        done = await shell.run(GIT_STATUS_COMMAND, GIT_STATUS_TIMEOUT, 8_000)
    except ShellError as error:
        return Environment("/workspace", date, f"(the git status could not be read: {error})")
    status = done.output if done.exit_code == 0 else f"(git status failed: {done.output.strip()})"
    return Environment("/workspace", date, status, await _project_files(shell))


async def _project_files(shell: Shell) -> tuple[str, ...]:
    """The paths git lists (tracked, and untracked but not ignored); none when it cannot list them, or when
    its output was cut (a part of the list would mislead more than none)."""
    try:
        done = await shell.run(GIT_FILES_COMMAND, GIT_STATUS_TIMEOUT, GIT_FILES_OUTPUT_BYTES)
    except ShellError:
        return ()
    if done.exit_code != 0 or done.omitted_bytes:
        return ()
    return tuple(sorted({line.strip() for line in done.output.splitlines() if line.strip()}))


async def read_memory(memory: MemoryStore | None, logger: Logger) -> tuple[MemoryNote, ...]:
    if memory is None:
        return ()
    try:
        return tuple(await memory.list())
    except OSError as error:  # a broken memory file must not stop the turn
        logger.warning(f"the memory notes could not be read: {error}")
        return ()


async def session_cost(usage: UsageLedger | None, session_id: str) -> str:
    """The session's cost so far, as the gauge shows it."""
    if usage is None:
        return "unknown"
    try:
        return (await usage.summary(session_id)).total.cost_text()
    except OSError:
        return "unknown"


async def read_optional_text(files: Files | None, path: str) -> str | None:
    """A file's text, or None when there are no files or it cannot be read (the prompt then goes without)."""
    if files is None:
        return None
    try:
        return await files.read_text(path)
    except FilesError:
        return None
