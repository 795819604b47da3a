"""/version and /release-notes: what this build is, and what it offers (its commands and crews)."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.entry import GROUPS
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.ui.view import CommandView, Document

ARGS = ArgSpec()

RELEASE = "0.1.0"
HIGHLIGHTS: tuple[str, ...] = (
    "One engine behind the `orkeon` command line and the `orkeon-lsp` language server.",
    "Settings in three scopes (user, project, session), sessions kept in .orkeon/local/state.db.",
)
CREWS: tuple[tuple[str, str], ...] = (
    ("advisor", "a second opinion on the assistant's last answer from another model, no tools (/advisor)"),
    ("code_review", "reviews a diff through five lenses; code anchors, merges and ranks what they find"),
    ("main_loop", "the assistant: /assistant, free text at the prompt, /summary; it compacts the history and "
                  "keeps typed memory"),
    ("git_commit", "drafts a Conventional Commits message from what will be committed, commits after confirmation"),
    ("analyze", "harvests the code index (package map, dependency graph, the largest packages), then a "
                "synthesis from that harvest alone"),
    ("init_verifiers", "detects each zone's test tooling, classifies its readiness, writes a verification "
                       "playbook for each zone without one"),
    ("project_init", "writes AGENTS.md from the project's configuration and code, the existing instruction "
                     "files merged"),
    ("agent_run", "a new run of an ended child agent, its brief carrying the previous report and your message, "
                  "under its step's rules and budget (/tasks send, /tasks repair)"),
    ("speech", "one call to the speech MCP server, no model: /say, /transcribe, /voice, and the spoken answer of "
               "voice.reply"),
    ("dev_spec", "drafts a feature's spec in business words from the repository pack, asks its questions one at "
                 "a time, has it reviewed (/dev-spec)"),
    ("dev_change", "a change brief (bug, perf, behaviour): facts first, a bug reproduced or a cost measured by "
                   "running a command before it is written (/dev-spec <code> bug|perf|behaviour)"),
    ("dev_plan", "plans a spec or change brief in batches cut by behaviour from what the code index offers; "
                 "code checks and writes plan.md and the sheets, a background reviewer reads them (/dev-plan)"),
    ("dev_implement", "one launch of a batch: each cycle RED then GREEN, checked by the project's own tests "
                      "(/dev-batches <code> F<n>, /dev-implement)"),
    ("dev_batches", "runs a plan batch after batch: an inline review of each sheet, the launch, the audit, the "
                    "close as a commit; batches-state.md lets a stopped run go on (/dev-batches)"),
    ("dev_verify", "audits a delivered batch: the build, its tests, the suite and the diff run and captured by "
                   "code, then a read-only auditor; the verdict written to verdicts/F<n>.md (/dev-batches --audit)"),
    ("dev_learn", "sorts the untreated verdict rows of one axis into motifs spanning three batches, one "
                  "preventive line each, written by code to PROPOSALS.md (/dev-learn)"),
)
"""Every crew folder of orkeon_engine/crews/ with one line on what it does (a test checks the folders)."""


async def run_version(args: ParsedArgs, deps: Deps) -> CommandView:
    return CommandView(message=f"orkeon {deps.version}")


async def run_release_notes(args: ParsedArgs, deps: Deps) -> CommandView:
    lines = [f"# Orkeon {RELEASE}", "", *(f"- {line}" for line in HIGHLIGHTS), ""]
    lines += [f"## Commands ({len(deps.catalogue)})", ""]
    for group in GROUPS:
        names = sorted(e.name for e in deps.catalogue if e.group == group)
        if names:
            lines.append(f"- {group}: " + ", ".join("/" + name for name in names))
    if CREWS:
        lines += ["", f"## Crews ({len(CREWS)})", ""]
        lines += [f"- {name}: {what}" for name, what in CREWS]
    text = "\n".join(lines)
    return CommandView(lines=tuple(lines), document=Document(f"Orkeon {RELEASE} release notes", text + "\n"))
