"""The scenario suite: each runs the real Orkeon in a fresh repository and is judged by code, never by
reading the model's words for praise: a test that passes, a number found in the answer, a finding on the
seeded line, a commit message that parses, a file written, a diagnostic published, an answer streamed."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from devtools.eval import fixtures
from devtools.eval.peers import acp_prompt, lsp_command
from devtools.eval.server import Meter
from devtools.eval.workspace import EVAL_KEY, Run, git, make_repository, run_orkeon

CONVENTIONAL = re.compile(r"^(feat|fix|docs|style|refactor|perf|test|build|ci|chore|revert)"
                          r"(\([a-z0-9][a-z0-9._/-]*\))?!?: \S.*$")
SUBJECT_LIMIT = 72
# What a tool call written as text looks like when it reaches the person instead of being run.
RAW_CALL = re.compile(r"<tool_call>|</tool_call>|\[TOOL_CALLS\]|<function=[a-z_]+>|<function\s+name\s*=|"
                      r"\{\s*\"(name|tool)\"\s*:\s*\"[^\"\n]{1,100}\"\s*,\s*\"(arguments|parameters|args)\"\s*:")


@dataclass(frozen=True)
class Context:
    """Where a scenario runs: its own folder, the proxy's api base, the time each run may take."""

    folder: Path
    api_base: str
    timeout: float

    @property
    def home(self) -> Path:
        return self.folder / "home"


@dataclass(frozen=True)
class Verdict:
    """A scenario's result as code judged it, and the visible output it judged."""

    passed: bool
    note: str
    shown: str = ""


@dataclass(frozen=True)
class Outcome:
    """One row of the scorecard."""

    name: str
    passed: bool
    note: str
    tool_calls: int
    model_calls: int
    tokens: int
    seconds: float
    raw_call_shown: bool
    shown: str = ""
    """What the person saw (the run's output), kept for `make eval TRACE=DIR`."""


@dataclass(frozen=True)
class Scenario:
    name: str
    play: Callable[[Context], Verdict]


def raw_call_shown(text: str) -> bool:
    return bool(RAW_CALL.search(text))


def _said(run: Run, limit: int = 160) -> str:
    """The last words of a run, for a failure's note."""
    text = " ".join((run.stdout.strip() or run.stderr.strip()).split())
    return text[-limit:] if text else f"nothing printed (exit {run.code})"


def assistant_fix(ctx: Context) -> Verdict:
    repo = make_repository(ctx.folder / "repo", fixtures.FIX_PROJECT)
    run = run_orkeon(repo, ctx.home, ctx.api_base, ["assistant", "mode:acceptEdits The function total in calc.py "
                     "skips the last price: an off-by-one. Fix it in calc.py."], ctx.timeout)
    tests = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_calc.py"],
                           cwd=repo, capture_output=True, text=True, timeout=120)
    changed = (repo / "calc.py").read_text(encoding="utf-8") != fixtures.CALC_BUGGY
    if tests.returncode == 0:
        return Verdict(True, "calc.py fixed, its tests pass", run.stdout)
    why = "calc.py changed but its tests fail" if changed else "calc.py unchanged"
    return Verdict(False, f"{why}; the assistant said: {_said(run)}", run.stdout)


def assistant_question(ctx: Context) -> Verdict:
    repo = make_repository(ctx.folder / "repo", fixtures.QUESTION_PROJECT)
    run = run_orkeon(repo, ctx.home, ctx.api_base, ["assistant", "On which port does the inventory service "
                     "listen by default? Read the code to find out, then answer with the number."], ctx.timeout)
    if "8731" in run.stdout:
        return Verdict(True, "answered 8731", run.stdout)
    return Verdict(False, f"8731 not in the answer: {_said(run)}", run.stdout)


def review_of(bug: fixtures.SeededBug) -> Callable[[Context], Verdict]:
    def play(ctx: Context) -> Verdict:
        repo = make_repository(ctx.folder / "repo", bug.before, bug.after)
        run = run_orkeon(repo, ctx.home, ctx.api_base, ["review", "--format", "json"], ctx.timeout)
        try:
            report = json.loads(run.stdout)
        except ValueError:
            return Verdict(False, f"no JSON report: {_said(run)}", run.stdout)
        findings = report.get("findings") or []
        dropped = report.get("dropped") or []
        near = [f for f in findings if f.get("path") == bug.path and abs(int(f.get("line") or 0) - bug.line) <= 1]
        hit = [f for f in near if _names(bug, f)]
        counts = f"{len(findings)} findings, {len(dropped)} dropped"
        reasons = sorted({str(d.get("reason")) for d in dropped})
        if reasons:
            counts += f" ({'; '.join(reasons)[:120]})"
        failures = report.get("failures") or []
        if failures:
            counts += f"; lens failures: {'; '.join(str(f.get('reason'))[:80] for f in failures[:2])}"
        if hit:
            return Verdict(True, f"found at {bug.path}:{hit[0].get('line')}: {hit[0].get('title')!r} ({counts})",
                           run.stdout)
        if near:
            return Verdict(False, f"at {bug.path}:{near[0].get('line')} only {near[0].get('title')!r}, which does "
                           f"not name the bug; {counts}", run.stdout)
        return Verdict(False, f"nothing at {bug.path}:{bug.line}; {counts}", run.stdout)

    return play


def _names(bug: fixtures.SeededBug, finding: dict[str, object]) -> bool:
    """Whether the finding's words name the seeded bug (fixtures.SeededBug.names)."""
    text = f"{finding.get('title') or ''} {finding.get('detail') or ''}"
    return not bug.names or re.search(bug.names, text, re.IGNORECASE) is not None


def commit_of(change: fixtures.StagedChange) -> Callable[[Context], Verdict]:
    def play(ctx: Context) -> Verdict:
        repo = make_repository(ctx.folder / "repo", change.before, change.after)
        run = run_orkeon(repo, ctx.home, ctx.api_base, ["commit", "--yes"], ctx.timeout)
        commits = int(git(repo, "rev-list", "--count", "HEAD").strip())
        if commits < 2:
            return Verdict(False, f"no commit made: {_said(run)}", run.stdout)
        message = git(repo, "log", "-1", "--format=%B").strip()
        return Verdict(*_judge_message(message), shown=run.stdout)

    return play


def _judge_message(message: str) -> tuple[bool, str]:
    lines = message.splitlines()
    subject = lines[0] if lines else ""
    if not CONVENTIONAL.match(subject):
        return False, f"not Conventional Commits: {subject!r}"
    if len(subject) > SUBJECT_LIMIT:
        return False, f"subject of {len(subject)} characters (limit {SUBJECT_LIMIT}): {subject!r}"
    if len(lines) > 1 and lines[1].strip():
        return False, f"no blank line after the subject {subject!r}"
    return True, repr(subject)


def dev_spec(ctx: Context) -> Verdict:
    repo = make_repository(ctx.folder / "repo", fixtures.QUESTION_PROJECT)
    run = run_orkeon(repo, ctx.home, ctx.api_base, ["dev-spec", "version-flag", "Add a --version flag to the "
                     "service's command line that prints its version"], ctx.timeout)
    specs = sorted((repo / ".orkeon").rglob("spec.md")) if (repo / ".orkeon").exists() else []
    if specs:
        words = len(specs[0].read_text(encoding="utf-8").split())
        return Verdict(True, f"{specs[0].relative_to(repo)} written ({words} words)", run.stdout)
    blocked = re.search(r"BLOCKED\W+(\w+\W+){4,}", run.output)
    if blocked:
        return Verdict(True, f"a clear BLOCKED: {_said(run)}", run.stdout)
    return Verdict(False, f"no spec.md and no clear BLOCKED: {_said(run)}", run.stdout)


def lsp_review(ctx: Context) -> Verdict:
    bug = fixtures.SEEDED_BUGS[0]
    repo = make_repository(ctx.folder / "repo", bug.before, bug.after)
    outcome = asyncio.run(lsp_command(repo, ctx.home, ctx.api_base, "review", [], ctx.timeout))
    published = sum(len(found) for found in outcome.diagnostics.values())
    message = outcome.result.get("message", "") if isinstance(outcome.result, dict) else ""
    if outcome.error:
        return Verdict(False, f"executeCommand failed: {outcome.error[:160]}", message)
    if published:
        return Verdict(True, f"{published} diagnostics published ({message[:100]})", message)
    return Verdict(False, f"no diagnostic published: {message[:160]}", message)


def acp_answer(ctx: Context) -> Verdict:
    repo = make_repository(ctx.folder / "repo", fixtures.QUESTION_PROJECT)
    outcome = asyncio.run(acp_prompt(repo, ctx.home, ctx.api_base, "In one sentence: what is this project?",
                                     ctx.timeout))
    chunks = outcome.kinds.count("agent_message_chunk")
    if outcome.error:
        return Verdict(False, f"prompt failed: {outcome.error[:160]}", outcome.text)
    if chunks and outcome.text.strip() and outcome.stop_reason == "end_turn":
        return Verdict(True, f"{chunks} chunks streamed, ended {outcome.stop_reason}", outcome.text)
    return Verdict(False, f"{chunks} chunks, stop {outcome.stop_reason or 'none'}: {outcome.text[:100]!r}",
                   outcome.text)


SUITE: tuple[Scenario, ...] = (
    Scenario("assistant: fix an off-by-one (acceptEdits)", assistant_fix),
    Scenario("assistant: answer from the code", assistant_question),
    *(Scenario(f"review: {bug.name}", review_of(bug)) for bug in fixtures.SEEDED_BUGS),
    *(Scenario(f"commit: {change.name}", commit_of(change)) for change in fixtures.STAGED_CHANGES),
    Scenario("dev-spec: a one-line request", dev_spec),
    Scenario("lsp: review over executeCommand", lsp_review),
    Scenario("acp: one prompt, streamed", acp_answer),
)


def judged(scenario: Scenario, ctx: Context, meter: Callable[[], Meter]) -> Outcome:
    """Play one scenario and read the proxy's meter for it; a crash of the harness is a failed row too."""
    started = time.monotonic()
    try:
        verdict = scenario.play(ctx)
    except Exception as error:  # noqa: BLE001 - one broken scenario must not hide the others' rows
        verdict = Verdict(False, f"the scenario broke: {type(error).__name__}: {error}"[:200])
    used = meter()
    shown = raw_call_shown(verdict.shown)
    leaked = EVAL_KEY in verdict.shown
    passed = verdict.passed and not shown and not leaked
    note = verdict.note
    if shown:
        note = f"raw tool-call text shown to the person; {note}"
    if leaked:
        note = f"the API key was printed; {note}"
    if used.errors:
        note = f"{note}; server errors: {used.errors[0][:100]}"
    seconds = time.monotonic() - started
    return Outcome(scenario.name, passed, note, used.tool_calls, used.model_calls, used.tokens, seconds, shown,
                   verdict.shown)
