"""The catalogue: the one list of every command, each bound to its use case.

The CLI, the interactive prompt, the language server's executeCommand list and the editor clients are
all built from this list. Adding a command is one entry here and one use case module (docs/architecture.md).
"""

from __future__ import annotations

from orkeon_engine.commands._shared.entry import CommandEntry, find_entry
from orkeon_engine.commands.dev import dev_batches, dev_learn, dev_plan, dev_spec
from orkeon_engine.commands.git import branch, commit, diff, passes, review, security_review
from orkeon_engine.commands.memory import memory
from orkeon_engine.commands.project import analyze, init, init_verifiers, verify
from orkeon_engine.commands.session import (
    assistant,
    clear,
    compact,
    context_files,
    copy,
    export,
    resume,
    rewind,
    run_command,
    summary,
    tasks,
    todos,
    undo,
)
from orkeon_engine.commands.settings import (
    advisor,
    agents,
    config,
    hooks,
    mcp,
    mode,
    model,
    permissions,
    skills,
    toggles,
    trust,
)
from orkeon_engine.commands.speech import say, transcribe, voice
from orkeon_engine.commands.status import cache, context, debug_tool_call, doctor, help, meta, status, usage

CATALOGUE: tuple[CommandEntry, ...] = (
    CommandEntry("help", "status", "List every command by group, or show one command's usage.", help.ARGS,
                 help.run_help),
    CommandEntry("status", "status", "Show the version, the workspace, the model, the mode, the session, the "
                 "index and the tokens and cost so far.",
                 status.ARGS, status.run_status),
    CommandEntry("config", "settings", "List the settings keys and values; get, set or unset one.",
                 config.ARGS, config.run_config),
    CommandEntry("mode", "settings", "Show the assistant's permission mode; set it for this session, or move to "
                 "the next (/mode next).",
                 mode.ARGS, mode.run_mode),
    CommandEntry("version", "status", "Show the version of Orkeon.", meta.ARGS, meta.run_version),
    CommandEntry("release-notes", "status", "Show what this release offers: its commands and crews.", meta.ARGS,
                 meta.run_release_notes),
    CommandEntry("resume", "session", "List the saved sessions, or load one in place by its id (it stays the "
                 "current session).", resume.ARGS,
                 resume.run_resume),
    CommandEntry("review", "git", "Review the staged changes (or --working, or --base REV) through five lenses; "
                 "the findings become diagnostics.", review.ARGS, review.run_review, launches_crew=True),
    CommandEntry("security-review", "git", "Review the staged changes through the security lens alone.",
                 security_review.ARGS, security_review.run_security_review, launches_crew=True),
    CommandEntry("passes", "git", "Show or set how many rounds /review runs by default in this session.",
                 passes.ARGS, passes.run_passes),
    CommandEntry("permissions", "settings", "Show the permission rules by source; add, remove or clear rules; "
                 "list the rule sets.", permissions.ARGS, permissions.run_permissions),
    CommandEntry("memory", "memory", "List, add, show or remove the typed notes kept across sessions; admit "
                 "lessons to the team's shared memory, or search it.", memory.ARGS, memory.run_memory),
    CommandEntry("clear", "session", "Start a new session (the old one stays for /resume); memory and settings "
                 "stay.",
                 clear.ARGS, clear.run_clear),
    CommandEntry("effort", "settings", toggles.EFFORT.description, toggles.ARGS_EFFORT, toggles.run_effort),
    CommandEntry("fast", "settings", toggles.FAST.description, toggles.ARGS_FAST, toggles.run_fast),
    CommandEntry("proactive", "settings", toggles.PROACTIVE.description, toggles.ARGS_PROACTIVE,
                 toggles.run_proactive),
    CommandEntry("output-style", "settings", toggles.OUTPUT_STYLE.description, toggles.ARGS_OUTPUT_STYLE,
                 toggles.run_output_style),
    CommandEntry("usage", "status", "Show the session's model calls, tokens and cost by model and by command.",
                 usage.ARGS, usage.run_usage, aliases=("cost",)),
    CommandEntry("assistant", "session", "Ask the assistant to do or answer something; mode:<name> first runs the "
                 "turn in that mode.", assistant.ARGS, assistant.run_assistant, launches_crew=True),
    CommandEntry("summary", "session", "Summarise the whole session from its history, with no tools.", summary.ARGS,
                 summary.run_summary, launches_crew=True),
    CommandEntry("compact", "session", "Make room in the context: facts to memory, a snip, a summary when needed "
                 "(--snip only snips).", compact.ARGS, compact.run_compact),
    CommandEntry("context", "status", "Show how the context window is used, part by part of the next prompt.",
                 context.ARGS, context.run_context),
    CommandEntry("add", "session", "Pin files to the context: every turn of the assistant reads them whole, as they "
                 "are then; it may edit them.", context_files.ARGS_PIN, context_files.run_add),
    CommandEntry("read-only", "session", "Pin files to the context for reference: every turn reads them whole; the "
                 "assistant's edit tools refuse them.", context_files.ARGS_PIN, context_files.run_read_only),
    CommandEntry("drop", "session", "Unpin files from the context (no path: every pinned file).",
                 context_files.ARGS_DROP, context_files.run_drop),
    CommandEntry("copy", "session", "Copy the assistant's last answer to the clipboard (in an editor, hand it to "
                 "the client to copy).", copy.ARGS, copy.run_copy),
    CommandEntry("run", "session", "Run a shell command through the permission gate and offer its output to the "
                 "conversation.", run_command.ARGS, run_command.run_run_command),
    CommandEntry("diff", "git", "Show the unstaged changes of the repository, or the staged ones with --staged.",
                 diff.ARGS, diff.run_diff),
    CommandEntry("branch", "git", "List the branches with the current one marked; create one, or switch to one.",
                 branch.ARGS, branch.run_branch),
    CommandEntry("commit", "git", "Draft a Conventional Commits message from the changes and commit them after "
                 "you confirm.", commit.ARGS, commit.run_commit, launches_crew=True),
    CommandEntry("analyze", "project", "Index the code and map its packages and imports, then a synthesis by the "
                 "model (--raw: the harvest alone).", analyze.ARGS, analyze.run_analyze, launches_crew=True),
    CommandEntry("init", "project", "Write AGENTS.md from the project's configuration and code, merging the "
                 "existing instruction files.", init.ARGS, init.run_init, launches_crew=True),
    CommandEntry("init-verifiers", "project", "Detect the test tooling and write a verification playbook for "
                 "each zone without one.", init_verifiers.ARGS, init_verifiers.run_init_verifiers,
                 launches_crew=True),
    CommandEntry("verify", "project", "Check the current change with the project's own checks, narrowest first, "
                 "and report what passed, what failed and what could not be checked.", verify.ARGS,
                 verify.run_verify, launches_crew=True),
    CommandEntry("doctor", "status", "Check Python, git, the grammars, state.db, the settings, the permission "
                 "rules, the model and the shell's programs; each check ok or failed with its fix.", doctor.ARGS,
                 doctor.run_doctor),
    CommandEntry("debug-tool-call", "status", "List the registered tools by class, or run one through the "
                 "permission gate and show its raw result.", debug_tool_call.ARGS, debug_tool_call.run_debug_tool_call),
    CommandEntry("model", "settings", "Show the model and its provider, set it for this session, list the "
                 "models you can choose, or set up the model Orkeon serves itself (local: --size, --status, --stop).",
                 model.ARGS, model.run_model),
    CommandEntry("dev-spec", "dev", "Write a spec in business words (<code> <what the feature is for>) or a change "
                 "brief (<code> bug|perf|behaviour <description>), ask its questions one at a time and have it "
                 "reviewed; <code> alone goes on with it.", dev_spec.ARGS, dev_spec.run_dev_spec, launches_crew=True),
    CommandEntry("dev-plan", "dev", "Plan a spec or change brief in batches cut by behaviour (<code>): the "
                 "inventory from the code index, plan.md and a sheet a batch written by code, a background review; "
                 "--replace draws it again.", dev_plan.ARGS, dev_plan.run_dev_plan, launches_crew=True),
    CommandEntry("dev-batches", "dev", "Run a plan batch after batch (<code>), or one batch (<code> F<n>): each "
                 "sheet reviewed, each cycle RED then GREEN checked by the project's tests, audited, committed; "
                 "typed again after a stop it goes on; --audit audits F<n> as it stands; --close closes F<n> alone on "
                 "its VALID verdict; --concurrency N runs the batches that can N at once, each in its git "
                 "worktree.", dev_batches.ARGS,
                 dev_batches.run_dev_batches, launches_crew=True, aliases=("dev-implement",)),
    CommandEntry("dev-learn", "dev", "Turn the gaps the audits keep finding into proposals: the untreated "
                 "verdict rows of one axis sorted into motifs, PROPOSALS.md written by code; --list shows the rows "
                 "without the model.", dev_learn.ARGS, dev_learn.run_dev_learn, launches_crew=True),
    CommandEntry("hooks", "settings", "List the hooks that run at the points of the assistant's turn (PreToolUse, "
                 "PostToolUse, UserPromptSubmit, Stop), and those waiting for the workspace's trust.", hooks.ARGS,
                 hooks.run_hooks),
    CommandEntry("skills", "settings", "Attach or detach playbook files for the assistant; list them with their "
                 "size.", skills.ARGS, skills.run_skills),
    CommandEntry("agents", "settings", "List the sub-agent charters with their mode, tools and budget.",
                 agents.ARGS, agents.run_agents),
    CommandEntry("export", "session", "Write the conversation as markdown to the file you name (default "
                 ".orkeon/local/output/conversation-<session>.md).", export.ARGS, export.run_export),
    CommandEntry("tasks", "session", "List the crews and child agents of this session; stop one, or run an ended "
                 "child again with a message (send) or to finish its job (repair).", tasks.ARGS, tasks.run_tasks),
    CommandEntry("todos", "session", "Show the todo list the assistant keeps for the work in hand, each step "
                 "with its status.", todos.ARGS, todos.run_todos),
    CommandEntry("undo", "session", "Take back the file edits of the assistant's last turn; refused, naming the "
                 "file, where you changed it since.", undo.ARGS, undo.run_undo),
    CommandEntry("rewind", "session", "List the assistant's turns with the files each changed, or go back to "
                 "just before turn N (its files and/or the conversation).", rewind.ARGS, rewind.run_rewind),
    CommandEntry("cache", "status", "Show the caches (code index, code navigation, the model's prompt cache) and "
                 "their size; clear the local ones.", cache.ARGS, cache.run_cache),
    CommandEntry("advisor", "settings", "Get a second opinion on the assistant's last answer from the advisor "
                 "model, problems worst first.", advisor.ARGS, advisor.run_advisor, launches_crew=True),
    CommandEntry("trust", "settings", "Show whether you trust this workspace's own settings and which keys wait "
                 "for it; grant or revoke the trust.", trust.ARGS, trust.run_trust),
    CommandEntry("mcp", "settings", "List the MCP servers, how each stands and the tools it registers, with those "
                 "tools.extra offers the assistant.", mcp.ARGS, mcp.run_mcp),
    CommandEntry("say", "speech", "Say a text aloud through the speech server, or write it as a WAV file to the "
                 "path --out names.", say.ARGS, say.run_say, launches_crew=True),
    CommandEntry("transcribe", "speech", "Transcribe an audio file (none lists them); --then <request> runs the "
                 "assistant with the transcription.", transcribe.ARGS, transcribe.run_transcribe, launches_crew=True),
    CommandEntry("voice", "speech", "Dictate through the microphone; send hands the dictation to the assistant, "
                 "--go sends it at once.", voice.ARGS, voice.run_voice, launches_crew=True),
)


def find_command(name: str) -> CommandEntry | None:
    """The entry with that name or alias (a leading slash is ignored), or None."""
    return find_entry(CATALOGUE, name)
