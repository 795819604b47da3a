"""The catalogue: the one list of every command, each bound to its use case.

The CLI, the interactive prompt, the language server's executeCommand list and the editor clients are
all built from this list. Adding a command is one entry here and one use case module (docs/architecture.md).
Each entry names its module (`use`), imported when the command runs or its arguments are read.
"""

from __future__ import annotations

from orkeon_engine.commands._shared.entry import CommandEntry, find_entry, use
from orkeon_engine.commands.settings import toggles  # its descriptions are the toggles' own

CATALOGUE: tuple[CommandEntry, ...] = (
    CommandEntry("help", "status", "List every command by group, or show one command's usage.",
                 *use("status.help", "ARGS", "run_help")),
    CommandEntry("status", "status", "Show the version, the workspace, the model, the mode, the session, the "
                 "index and the tokens and cost so far.",
                 *use("status.status", "ARGS", "run_status")),
    CommandEntry("config", "settings", "List the settings keys and values; get, set or unset one.",
                 *use("settings.config", "ARGS", "run_config")),
    CommandEntry("mode", "settings", "Show the assistant's permission mode; set it for this session, or move to "
                 "the next (/mode next).",
                 *use("settings.mode", "ARGS", "run_mode")),
    CommandEntry("version", "status", "Show the version of Orkeon.", *use("status.meta", "ARGS", "run_version")),
    CommandEntry("release-notes", "status", "Show what this release offers: its commands and crews.",
                 *use("status.meta", "ARGS", "run_release_notes")),
    CommandEntry("resume", "session", "List the saved sessions, or load one in place by its id (it stays the "
                 "current session).", *use("session.resume", "ARGS", "run_resume")),
    CommandEntry("review", "git", "Review the staged changes (or --working, or --base REV) through five lenses; "
                 "the findings become diagnostics.", *use("git.review", "ARGS", "run_review"), launches_crew=True),
    CommandEntry("security-review", "git", "Review the staged changes through the security lens alone.",
                 *use("git.security_review", "ARGS", "run_security_review"), launches_crew=True),
    CommandEntry("passes", "git", "Show or set how many rounds /review runs by default in this session.",
                 *use("git.passes", "ARGS", "run_passes")),
    CommandEntry("permissions", "settings", "Show the permission rules by source; add, remove or clear rules; "
                 "list the rule sets.", *use("settings.permissions", "ARGS", "run_permissions")),
    CommandEntry("memory", "memory", "List, add, show or remove the typed notes kept across sessions; admit "
                 "lessons to the team's shared memory, or search it.", *use("memory.memory", "ARGS", "run_memory")),
    CommandEntry("clear", "session", "Start a new session (the old one stays for /resume); memory and settings "
                 "stay.",
                 *use("session.clear", "ARGS", "run_clear")),
    CommandEntry("effort", "settings", toggles.EFFORT.description,
                 *use("settings.toggles", "ARGS_EFFORT", "run_effort")),
    CommandEntry("fast", "settings", toggles.FAST.description, *use("settings.toggles", "ARGS_FAST", "run_fast")),
    CommandEntry("proactive", "settings", toggles.PROACTIVE.description,
                 *use("settings.toggles", "ARGS_PROACTIVE", "run_proactive")),
    CommandEntry("output-style", "settings", toggles.OUTPUT_STYLE.description,
                 *use("settings.toggles", "ARGS_OUTPUT_STYLE", "run_output_style")),
    CommandEntry("usage", "status", "Show the session's model calls, tokens and cost by model and by command.",
                 *use("status.usage", "ARGS", "run_usage"), aliases=("cost",)),
    CommandEntry("assistant", "session", "Ask the assistant to do or answer something; mode:<name> first runs the "
                 "turn in that mode.", *use("session.assistant", "ARGS", "run_assistant"), launches_crew=True),
    CommandEntry("summary", "session", "Summarise the whole session from its history, with no tools.",
                 *use("session.summary", "ARGS", "run_summary"), launches_crew=True),
    CommandEntry("compact", "session", "Make room in the context: facts to memory, a snip, a summary when needed "
                 "(--snip only snips).", *use("session.compact", "ARGS", "run_compact")),
    CommandEntry("context", "status", "Show how the context window is used, part by part of the next prompt.",
                 *use("status.context", "ARGS", "run_context")),
    CommandEntry("add", "session", "Pin files to the context: every turn of the assistant reads them whole, as they "
                 "are then; it may edit them.", *use("session.context_files", "ARGS_PIN", "run_add")),
    CommandEntry("read-only", "session", "Pin files to the context for reference: every turn reads them whole; the "
                 "assistant's edit tools refuse them.", *use("session.context_files", "ARGS_PIN", "run_read_only")),
    CommandEntry("drop", "session", "Unpin files from the context (no path: every pinned file).",
                 *use("session.context_files", "ARGS_DROP", "run_drop")),
    CommandEntry("copy", "session", "Copy the assistant's last answer to the clipboard (in an editor, hand it to "
                 "the client to copy).", *use("session.copy", "ARGS", "run_copy")),
    CommandEntry("run", "session", "Run a shell command through the permission gate and offer its output to the "
                 "conversation.", *use("session.run_command", "ARGS", "run_run_command")),
    CommandEntry("diff", "git", "Show the unstaged changes of the repository, or the staged ones with --staged.",
                 *use("git.diff", "ARGS", "run_diff")),
    CommandEntry("branch", "git", "List the branches with the current one marked; create one, or switch to one.",
                 *use("git.branch", "ARGS", "run_branch")),
    CommandEntry("commit", "git", "Draft a Conventional Commits message from the changes and commit them after "
                 "you confirm.", *use("git.commit", "ARGS", "run_commit"), launches_crew=True),
    CommandEntry("analyze", "project", "Index the code and map its packages and imports, then a synthesis by the "
                 "model (--raw: the harvest alone).",
                 *use("project.analyze", "ARGS", "run_analyze"), launches_crew=True),
    CommandEntry("init", "project", "Write AGENTS.md from the project's configuration and code, merging the "
                 "existing instruction files.", *use("project.init", "ARGS", "run_init"), launches_crew=True),
    CommandEntry("init-verifiers", "project", "Detect the test tooling and write a verification playbook for "
                 "each zone without one.", *use("project.init_verifiers", "ARGS", "run_init_verifiers"),
                 launches_crew=True),
    CommandEntry("verify", "project", "Check the current change with the project's own checks, narrowest first, "
                 "and report what passed, what failed and what could not be checked.",
                 *use("project.verify", "ARGS", "run_verify"), launches_crew=True),
    CommandEntry("doctor", "status", "Check Python, git, the grammars, state.db, the settings, the permission "
                 "rules, the model and the shell's programs; each check ok or failed with its fix.",
                 *use("status.doctor", "ARGS", "run_doctor")),
    CommandEntry("debug-tool-call", "status", "List the registered tools by class, or run one through the "
                 "permission gate and show its raw result.",
                 *use("status.debug_tool_call", "ARGS", "run_debug_tool_call")),
    CommandEntry("model", "settings", "Show the model and its provider, set it for this session, list the "
                 "models you can choose, or set up the model Orkeon serves itself (local: --size, --status, --stop).",
                 *use("settings.model", "ARGS", "run_model")),
    CommandEntry("dev-spec", "dev", "Write a spec in business words (<code> <what the feature is for>) or a change "
                 "brief (<code> bug|perf|behaviour <description>), ask its questions one at a time and have it "
                 "reviewed; <code> alone goes on with it.",
                 *use("dev.dev_spec", "ARGS", "run_dev_spec"), launches_crew=True),
    CommandEntry("dev-plan", "dev", "Plan a spec or change brief in batches cut by behaviour (<code>): the "
                 "inventory from the code index, plan.md and a sheet a batch written by code, a background review; "
                 "--replace draws it again.", *use("dev.dev_plan", "ARGS", "run_dev_plan"), launches_crew=True),
    CommandEntry("dev-batches", "dev", "Run a plan batch after batch (<code>), or one batch (<code> F<n>): each "
                 "sheet reviewed, each cycle RED then GREEN checked by the project's tests, audited, committed; "
                 "typed again after a stop it goes on; --audit audits F<n> as it stands; --close closes F<n> alone on "
                 "its VALID verdict; --concurrency N runs the batches that can N at once, each in its git "
                 "worktree.",
                 *use("dev.dev_batches", "ARGS", "run_dev_batches"), launches_crew=True, aliases=("dev-implement",)),
    CommandEntry("dev-learn", "dev", "Turn the gaps the audits keep finding into proposals: the untreated "
                 "verdict rows of one axis sorted into motifs, PROPOSALS.md written by code; --list shows the rows "
                 "without the model.", *use("dev.dev_learn", "ARGS", "run_dev_learn"), launches_crew=True),
    CommandEntry("hooks", "settings", "List the hooks that run at the points of the assistant's turn (PreToolUse, "
                 "PostToolUse, UserPromptSubmit, Stop), and those waiting for the workspace's trust.",
                 *use("settings.hooks", "ARGS", "run_hooks")),
    CommandEntry("skills", "settings", "Attach or detach playbook files for the assistant; list them with their "
                 "size.", *use("settings.skills", "ARGS", "run_skills")),
    CommandEntry("agents", "settings", "List the sub-agent charters with their mode, tools and budget.",
                 *use("settings.agents", "ARGS", "run_agents")),
    CommandEntry("export", "session", "Write the conversation as markdown to the file you name (default "
                 ".orkeon/local/output/conversation-<session>.md).", *use("session.export", "ARGS", "run_export")),
    CommandEntry("tasks", "session", "List the crews and child agents of this session; stop one, or run an ended "
                 "child again with a message (send) or to finish its job (repair).",
                 *use("session.tasks", "ARGS", "run_tasks")),
    CommandEntry("todos", "session", "Show the todo list the assistant keeps for the work in hand, each step "
                 "with its status.", *use("session.todos", "ARGS", "run_todos")),
    CommandEntry("undo", "session", "Take back the file edits of the assistant's last turn; refused, naming the "
                 "file, where you changed it since.", *use("session.undo", "ARGS", "run_undo")),
    CommandEntry("rewind", "session", "List the assistant's turns with the files each changed, or go back to "
                 "just before turn N (its files and/or the conversation).",
                 *use("session.rewind", "ARGS", "run_rewind")),
    CommandEntry("cache", "status", "Show the caches (code index, code navigation, the model's prompt cache) and "
                 "their size; clear the local ones.", *use("status.cache", "ARGS", "run_cache")),
    CommandEntry("advisor", "settings", "Get a second opinion on the assistant's last answer from the advisor "
                 "model, problems worst first.", *use("settings.advisor", "ARGS", "run_advisor"), launches_crew=True),
    CommandEntry("trust", "settings", "Show whether you trust this workspace's own settings and which keys wait "
                 "for it; grant or revoke the trust.", *use("settings.trust", "ARGS", "run_trust")),
    CommandEntry("mcp", "settings", "List the MCP servers, how each stands and the tools it registers, with those "
                 "tools.extra offers the assistant.", *use("settings.mcp", "ARGS", "run_mcp")),
    CommandEntry("say", "speech", "Say a text aloud through the speech server, or write it as a WAV file to the "
                 "path --out names.", *use("speech.say", "ARGS", "run_say"), launches_crew=True),
    CommandEntry("transcribe", "speech", "Transcribe an audio file (none lists them); --then <request> runs the "
                 "assistant with the transcription.",
                 *use("speech.transcribe", "ARGS", "run_transcribe"), launches_crew=True),
    CommandEntry("voice", "speech", "Dictate through the microphone; send hands the dictation to the assistant, "
                 "--go sends it at once.", *use("speech.voice", "ARGS", "run_voice"), launches_crew=True),
)


def find_command(name: str) -> CommandEntry | None:
    """The entry with that name or alias (a leading slash is ignored), or None."""
    return find_entry(CATALOGUE, name)
