"""The main loop's user body: one user message per turn, its blocks in a fixed order from the most stable
to the most volatile, so a provider's prefix cache reaches as far into it as it can.

the project's instructions file (AGENTS.md, else CLAUDE.md: after the header and the tool definitions,
which are the same in every project), preferences, attached skills, memory, declared hooks, the history
without the current request, the files pinned to the context (/add, /read-only), the environment, the files
the request names and the lines that share its words (both read for this request only), the gauge, then the
request with the mode's permission note and the proactive clause, always last. Each block renderer returns
"" when it has nothing to say, and an empty block takes no room at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from orkeon_engine.domain.context.compaction_thresholds import (
    INSTRUCTIONS_CEILING_CHARS,
    Gauge,
    Thresholds,
    estimate_tokens,
    gauge_for,
)
from orkeon_engine.domain.context.context_files import ContextFile, fence_for
from orkeon_engine.domain.context.request_material import LineHit, RequestMaterial
from orkeon_engine.domain.context.turn_inputs import Environment, Hook, ProjectInstructions, Skill
from orkeon_engine.domain.session.compaction import entry_label
from orkeon_engine.domain.session.memory import MemoryNote
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.settings.behaviour import BehaviourFlags

SKILL_CEILING_CHARS = 8_000
MEMORY_CEILING_CHARS = 8_000
GIT_STATUS_CEILING_CHARS = 4_000
FILES_CEILING_CHARS = 2_000
"""The project's file list in the environment block: about 500 tokens, so a model names real paths."""
GAUGE_ALLOWANCE_TOKENS = 120
"""Room counted for the gauge block itself when the gauge measures the prompt it goes into."""


@dataclass(frozen=True)
class BodyParts:
    """Everything the body is built from, gathered once at the start of the turn."""

    request: str
    read_only: bool
    environment: Environment
    flags: BehaviourFlags = field(default_factory=BehaviourFlags)
    instructions: ProjectInstructions | None = None
    skills: tuple[Skill, ...] = ()
    memory: tuple[MemoryNote, ...] = ()
    hooks: tuple[Hook, ...] = ()
    hook_context: tuple[str, ...] = ()
    """What this turn's UserPromptSubmit hooks printed (services/hooks.py), shown in the hooks' block."""
    history: tuple[BufferEntry, ...] = ()
    context_files: tuple[ContextFile, ...] = ()
    material: RequestMaterial = field(default_factory=RequestMaterial)
    """The files the request names and the lines that share its words (domain/context/request_material.py)."""
    gauge: Gauge | None = None
    brief_gauge: bool = False
    """No gauge while the tier is ok (a turn offered the core tool set: a small model)."""


# --- the blocks -----------------------------------------------------------------------------------------

def build_instructions_block(instructions: ProjectInstructions | None) -> str:
    """The project's instructions file verbatim under a heading naming it, cut with a note when too long."""
    if instructions is None or not instructions.text.strip():
        return ""
    text = instructions.text.strip()
    if len(text) > INSTRUCTIONS_CEILING_CHARS:
        text = (text[:INSTRUCTIONS_CEILING_CHARS].rstrip() + f"\n\n[The rest of {instructions.file_name} was "
                "left out here; read it with file_read when you need it.]")
    return f"## The project's instructions, from {instructions.file_name}\n\n{text}"


OUTPUT_STYLE_LINES = {
    "default": "",
    "concise": (
        "Keep the answer short: the outcome and what the person needs to act on. Being brief never cuts an "
        "explanation the person asked for, error output, or a safety warning: those stay whole."
    ),
    "explanatory": (
        "Along with the work, explain briefly why you chose what you did and which trade-offs you weighed, "
        "so the person learns how the project fits together."
    ),
}


def build_preferences_block(flags: BehaviourFlags) -> str:
    lines = []
    style = OUTPUT_STYLE_LINES.get(flags.output_style, "")
    if style:
        lines.append(style)
    if flags.language:
        lines.append(f"Write the answer in {flags.language}, whatever the language of the material.")
    if not lines:
        return ""
    return "<system-reminder>\nSession preferences:\n" + "\n".join(f"- {line}" for line in lines) + \
        "\n</system-reminder>"


def build_skills_block(skills: Sequence[Skill]) -> str:
    if not skills:
        return ""
    parts = ["## Attached skills", "",
             "Playbooks the person attached to this session: apply them to the task where they fit."]
    for skill in skills:
        text = skill.text.strip()
        if len(text) > SKILL_CEILING_CHARS:
            text = text[:SKILL_CEILING_CHARS].rstrip() + "\n[cut here: the rest of this skill was left out]"
        parts += ["", f"### {skill.name}", "", text]
    return "\n".join(parts)


def build_memory_block(notes: Sequence[MemoryNote]) -> str:
    if not notes:
        return ""
    lines: list[str] = []
    used = 0
    for note in reversed(notes):  # the newest notes first into the budget, shown oldest first
        line = f"- {note.line()}"
        if lines and used + len(line) > MEMORY_CEILING_CHARS:
            break
        lines.insert(0, line)
        used += len(line) + 1
    left = len(notes) - len(lines)
    more = [f"- ({left} older note{'' if left == 1 else 's'} not shown; /memory lists every note)"] if left else []
    return "\n".join([
        "## Notes from earlier sessions", "",
        "These notes may be out of date: before you rely on one, check that what it names still exists. "
        "When a note and the request disagree, the request wins.", "",
        *more, *lines,
    ])


def build_hooks_block(hooks: Sequence[Hook], said: Sequence[str] = ()) -> str:
    if not hooks:
        return ""
    lines = [f"- {hook.event}: {hook.command}" for hook in hooks]
    context = ["", "Before this turn the UserPromptSubmit hooks printed this, as context for the request (the "
                   "request wins where they disagree):", "", *said] if said else []
    return "\n".join([
        "## Hooks", "",
        "These commands run at points of your turn. A call a PreToolUse hook refuses comes back with its reason, "
        "and a PostToolUse hook's note follows a result: act on what they say instead of repeating the call.",
        "", *lines, *context,
    ])


def build_history_block(history: Sequence[BufferEntry]) -> str:
    shown = [entry for entry in history if entry.text.strip()]
    if not shown:
        return ""
    turns = "\n\n".join(f"{entry_label(entry)} {entry.text.strip()}" for entry in shown)
    return "\n".join([
        "## Earlier in this conversation", "",
        "Oldest first, without the current request. The history keeps what was said, not the tool results: "
        "read a file again before you edit it or quote it.", "",
        turns,
    ])


CONTEXT_FILES_INTRO = ("Files the person pinned to this conversation, read again for this turn: this is their text "
                       "now, so you need not read them again. Edit the editable ones with the edit tools; the "
                       "read-only ones are for reference, and the edit tools refuse them.")


def file_section(heading: str, text: str) -> list[str]:
    """A file whole under its own heading, in a fence its text cannot close."""
    fence = fence_for(text)
    return ["", f"### {heading}", "", fence, text.rstrip("\n"), fence]


def build_context_files_block(files: Sequence[ContextFile]) -> str:
    if not files:
        return ""
    parts = ["## Files in the context", "", CONTEXT_FILES_INTRO]
    for item in files:
        if item.shown:
            parts += file_section(f"{item.path} ({item.kind})", item.text)
    left_out = [item for item in files if not item.shown]
    if left_out:
        parts += ["", "Pinned but not shown here (read them with file_read when you need them):"]
        parts += [f"- {item.path} ({item.kind}): {item.left_out}" for item in left_out]
    return "\n".join(parts)


NAMED_FILES_INTRO = ("The request names these files: they were read for this turn, whole, as they are now, so "
                     "you need not read them again. Change them with the edit tools.")
LINES_INTRO = ("Lines of the project that share words with the request, found by a plain word search before "
               "the turn, then the lines where the names they use are assigned: leads, not the whole story. Read a "
               "file around a line before you rely on it or change it.")


def build_named_files_block(files: Sequence[ContextFile]) -> str:
    if not files:
        return ""
    parts = ["## Files the request names", "", NAMED_FILES_INTRO]
    for item in files:
        if item.shown:
            parts += file_section(item.path, item.text)
    parts += [f"- {item.path} is not shown here: {item.left_out}" for item in files if not item.shown]
    return "\n".join(parts)


def build_lines_block(lines: Sequence[LineHit]) -> str:
    if not lines:
        return ""
    text = "\n".join(hit.render() for hit in lines)
    fence = fence_for(text)
    return "\n".join(["## Lines that share words with the request", "", LINES_INTRO, "", fence, text, fence])


def build_environment_block(environment: Environment) -> str:
    lines = ["## Environment", "", f"- Working directory: {environment.working_directory}",
             f"- Today's date: {environment.date}"]
    if environment.git_status is None:
        lines.append("- Git: this folder is not a git repository.")
    else:
        status = environment.git_status.strip() or "(clean: nothing to commit)"
        if len(status) > GIT_STATUS_CEILING_CHARS:
            status = status[:GIT_STATUS_CEILING_CHARS].rstrip() + "\n[... the rest of the status left out]"
        lines += ["- Git status when this turn began:", "", "```", status, "```"]
    if environment.files:
        lines += ["", files_overview(environment.files)]
    return "\n".join(lines)


def files_overview(paths: Sequence[str], ceiling: int = FILES_CEILING_CHARS) -> str:
    """The project's files as the model is told them: every path when they fit in `ceiling` characters, else
    each top-level folder with its count of files and the top-level files, cut at the ceiling with a note."""
    heading = f"- The project's files ({len(paths):,}, as git lists them; paths are under /workspace):"
    listing = "\n".join(paths)
    if len(listing) <= ceiling:
        return f"{heading}\n\n```\n{listing}\n```"
    counts: dict[str, int] = {}
    for path in paths:
        top, _, rest = path.partition("/")
        key = f"{top}/" if rest else top
        counts[key] = counts.get(key, 0) + 1
    entries = [f"{name} ({count:,} files)" if name.endswith("/") else name for name, count in sorted(counts.items())]
    shown: list[str] = []
    used = 0
    for entry in entries:
        if used + len(entry) + 1 > ceiling:
            break
        shown.append(entry)
        used += len(entry) + 1
    note = "the top level only; directory_read shows a folder"
    if len(shown) < len(entries):
        note += f"; {len(entries) - len(shown):,} more entries left out"
    return f"{heading[:-1]}, {note}:\n\n```\n" + "\n".join(shown) + "\n```"


GAUGE_WARNING = ("The context is filling up: finish the current step, and stop reading large files whole; "
                 "read the ranges you need.")
GAUGE_ERROR = ("The context is nearly full: wrap up this turn now with what you have, and suggest /compact "
               "to the person in the answer.")


def build_gauge_block(gauge: Gauge | None, brief: bool = False) -> str:
    """The gauge; `brief` (a small model's turn) leaves it out while the tier is ok: a 1.5B model took the
    token count right before the request for the number it was asked for, and, shown only the share, wrote
    the block back as its answer (docs/models.md). From the warning tier on it is always there."""
    if gauge is None or (brief and gauge.tier == "ok"):
        return ""
    lines = [f"Context in use: about {gauge.share()}. Session cost so far: {gauge.cost}."]
    if gauge.tier == "warning":
        lines.append(GAUGE_WARNING)
    elif gauge.tier == "error":
        lines.append(GAUGE_ERROR)
    return "<system-reminder>\n" + "\n".join(lines) + "\n</system-reminder>"


PERMISSION_NOTE_READ_ONLY = "This mode is read-only: deliver an assessment or a plan, not a change."
PERMISSION_NOTE_WRITABLE = "The host may ask the person before a call runs."
PROACTIVE_CLAUSE = ("Proactive mode is on: once the request is done, also take the small, safe next step it "
                    "clearly implies (a missing test, the same fix in a sibling spot), and say in the answer "
                    "what you added.")


def build_task_block(request: str, read_only: bool, proactive: bool) -> str:
    note = PERMISSION_NOTE_READ_ONLY if read_only else PERMISSION_NOTE_WRITABLE
    parts = ["## The request", "", request.strip(), "", note]
    if proactive:
        parts += ["", PROACTIVE_CLAUSE]
    return "\n".join(parts)


# --- assembly -------------------------------------------------------------------------------------------

BODY_ORDER: tuple[str, ...] = (
    "instructions", "preferences", "skills", "memory", "hooks", "history", "files", "environment", "named files",
    "lines", "gauge", "task",
)


def body_sections(parts: BodyParts) -> list[tuple[str, str]]:
    """Each block of the body by name, in BODY_ORDER, empty ones included (for /context)."""
    return [
        ("instructions", build_instructions_block(parts.instructions)),
        ("preferences", build_preferences_block(parts.flags)),
        ("skills", build_skills_block(parts.skills)),
        ("memory", build_memory_block(parts.memory)),
        ("hooks", build_hooks_block(parts.hooks, parts.hook_context)),
        ("history", build_history_block(parts.history)),
        ("files", build_context_files_block(parts.context_files)),
        ("environment", build_environment_block(parts.environment)),
        ("named files", build_named_files_block(parts.material.named)),
        ("lines", build_lines_block(parts.material.lines)),
        ("gauge", build_gauge_block(parts.gauge, parts.brief_gauge)),
        ("task", build_task_block(parts.request, parts.read_only, parts.flags.proactive)),
    ]


def assemble_body(parts: BodyParts) -> str:
    """The user message of the turn: the non-empty blocks in their fixed order."""
    return "\n\n".join(text for _, text in body_sections(parts) if text) + "\n"


def measure_prompt(header: str, parts: BodyParts, thresholds: Thresholds, cost: str,
                   tool_tokens: int = 0) -> BodyParts:
    """The parts with their gauge: the header, every block and the tool definitions sent beside them
    (`tool_tokens`) measured, plus room for the gauge itself."""
    without = replace(parts, gauge=None)
    used = estimate_tokens(header) + estimate_tokens(assemble_body(without)) + GAUGE_ALLOWANCE_TOKENS + tool_tokens
    return replace(parts, gauge=gauge_for(used, thresholds, cost))
