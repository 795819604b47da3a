"""How each generated task is played by each agent, and judged by code.

fix: the repository holds the bug; Orkeon runs `assistant` in acceptEdits, Aider and mini-swe-agent get the
same words. It passes when the project's tests, put back as they were, pass. question: the answer must hold
the value or name read from the code, as a word of its own. review: `orkeon review --format json` on the
staged diff; a seeded diff passes with a finding on the bug's line (one line either side), a clean diff
passes with no finding of severity medium or higher. commit: the commit made has a Conventional Commits
subject (at most 72 characters, a blank line after it) of the type the change calls for.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from devtools.eval.peer_agents import AIDER, MINI, aider_argv, aider_reply, mini_argv, peer_environment, run_peer
from devtools.eval.projects import load, run_tests
from devtools.eval.scenarios import CONVENTIONAL, Verdict, _judge_message
from devtools.eval.tasks import Task
from devtools.eval.workspace import Run, git, make_repository, run_orkeon, write_files
from orkeon_engine.domain.model_replies.unbacked_claims import NO_CHANGE, NO_RUN

ORKEON = "orkeon"
AGENTS = (ORKEON, AIDER.name, MINI.name)
SEVERE = {"medium", "high", "blocker", "critical"}
TRACEBACK = "Traceback (most recent call last):"
# Orkeon's closing line of figures ("(2 tool calls, 4 model calls: 12,482 tokens in ...)"): not the answer.
FIGURES = re.compile(r"\(\d[\d,]* tool calls?, \d[\d,]* model calls?.*$", re.MULTILINE)


@dataclass(frozen=True)
class Setting:
    """What every attempt shares: the proxy's api base, Orkeon's time limit, the peers' environments."""

    api_base: str
    orkeon_timeout: float
    venvs: dict[str, Path]
    orkeon_settings: dict[str, object] = field(default_factory=dict)
    """Settings Orkeon runs under, as the person's own settings file states them (`make eval SET=...`, for an
    ablation): the project's files stay as the task made them."""


@dataclass(frozen=True)
class Played:
    """A judged attempt, and the seconds the agent itself ran (the repository's making and the judging left
    out, so every agent's wall time counts the same thing)."""

    verdict: Verdict
    seconds: float
    claimed: bool = False
    """Orkeon's answer claimed a change or a run that did not happen (its own check said so after it)."""
    crashed: bool = False
    """Orkeon ended in a Python traceback of its own (on its standard error), not in a message for the person."""
    review: ReviewCounts | None = None
    """A review's counts, read from its JSON report."""


@dataclass(frozen=True)
class ReviewCounts:
    """What one review raised: the findings that stood, the proposals dropped unanchored and those merged as
    duplicates, and the findings of medium or higher."""

    findings: int = 0
    dropped: int = 0
    merged: int = 0
    severe: int = 0


def review_counts(report_text: str) -> ReviewCounts:
    """The counts of a `review --format json` report; all zero when it is no report."""
    try:
        report = json.loads(report_text)
    except ValueError:
        return ReviewCounts()
    if not isinstance(report, dict):
        return ReviewCounts()
    findings = [f for f in report.get("findings") or [] if isinstance(f, dict)]
    dropped = [d for d in report.get("dropped") or [] if isinstance(d, dict)]
    merged = sum(1 for d in dropped if d.get("kind") == "duplicate")
    severe = sum(1 for f in findings if str(f.get("severity", "")).lower() in SEVERE)
    return ReviewCounts(len(findings), len(dropped) - merged, merged, severe)


def agents_for(family: str, chosen: tuple[str, ...] = AGENTS) -> tuple[str, ...]:
    """The agents that play a family: Orkeon every one, each peer the ones its spec names."""
    playing = [ORKEON] + [spec.name for spec in (AIDER, MINI) if family in spec.families]
    return tuple(agent for agent in playing if agent in chosen)


def play(task: Task, agent: str, folder: Path, setting: Setting) -> Played:
    """Make the task's repository under `folder`, let `agent` do the task there, and judge what it left."""
    repo = make_repository(folder / "repo", task.committed, task.staged or None)
    home = folder / "home"
    home.mkdir(parents=True, exist_ok=True)
    if agent == ORKEON:
        return _orkeon(task, repo, home, setting)
    if agent == AIDER.name:
        return _aider(task, repo, home, folder, setting)
    if agent == MINI.name and task.family == "fix":
        run = run_peer(mini_argv(setting.venvs[MINI.name], setting.api_base, task.prompt, folder / "trajectory.json"),
                       repo, peer_environment(home, setting.api_base), MINI.limit)
        return Played(_judged_fix(task, repo, run.stdout + run.stderr, run.timed_out), run.seconds)
    raise ValueError(f"{agent} does not play the {task.family} family")


def _orkeon(task: Task, repo: Path, home: Path, setting: Setting) -> Played:
    if setting.orkeon_settings:
        folder = home / "xdg" / "orkeon"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "config.json").write_text(json.dumps(setting.orkeon_settings), encoding="utf-8")

    def orkeon(*args: str) -> Run:
        return run_orkeon(repo, home, setting.api_base, list(args), setting.orkeon_timeout)

    if task.family == "fix":
        trusted = orkeon("trust", "grant")  # the team's settings file allows the tests: this person trusts it
        run = orkeon("assistant", f"mode:acceptEdits {task.prompt}")
        fixed = _judged_fix(task, repo, run.stdout, run.code == -1)
        return Played(fixed, run.seconds, claims_unbacked(run.stdout), crashed(trusted) or crashed(run))
    if task.family == "question":
        run = orkeon("assistant", task.prompt)
        answered = judge_answer(FIGURES.sub("", run.stdout), task.answer)
        return Played(answered, run.seconds, claims_unbacked(run.stdout), crashed(run))
    if task.family in ("review", "review-clean"):
        run = orkeon("review", "--format", "json")
        return Played(judge_review(run.stdout, task), run.seconds, crashed=crashed(run),
                      review=review_counts(run.stdout))
    run = orkeon("commit", "--yes")
    return Played(judge_commit(repo, task, run.stdout), run.seconds, crashed=crashed(run))


def crashed(run: Run) -> bool:
    """Whether Orkeon ended in a Python traceback: one on its standard error, where a project's check output
    (which an answer may quote) never goes."""
    return TRACEBACK in run.stderr


def claims_unbacked(said: str) -> bool:
    """Whether Orkeon's output carries the sentence its claims check adds after an answer that claims a change
    or a run the turn did not make (domain/model_replies/unbacked_claims.py)."""
    return NO_CHANGE in said or NO_RUN in said


def _aider(task: Task, repo: Path, home: Path, folder: Path, setting: Setting) -> Played:
    mode = {"fix": "code", "question": "ask", "commit": "commit"}[task.family]
    argv = aider_argv(setting.venvs[AIDER.name], setting.api_base, task.prompt, task.files, folder, mode)
    run = run_peer(argv, repo, peer_environment(home, setting.api_base), AIDER.limit)
    if task.family == "fix":
        return Played(_judged_fix(task, repo, run.stdout, run.timed_out), run.seconds)
    if task.family == "question":
        return Played(judge_answer(aider_reply(folder), task.answer), run.seconds)
    return Played(judge_commit(repo, task, run.stdout), run.seconds)


def _judged_fix(task: Task, repo: Path, shown: str, timed_out: bool) -> Verdict:
    verdict = judge_fix(repo, task)
    if timed_out:
        return Verdict(verdict.passed, f"stopped at the time limit; {verdict.note}", shown)
    return Verdict(verdict.passed, verdict.note, shown)


def judge_fix(repo: Path, task: Task) -> Verdict:
    """The project's tests, as they were before the agent came, run on what the agent left."""
    project = load(task.project)
    write_files(repo, {path: project.files[path] for path in task.tests})
    code, summary = run_tests(project, repo)
    if code == 0:
        return Verdict(True, f"the tests pass ({summary})")
    return Verdict(False, f"the tests fail ({summary})")


def answer_pattern(answer: str) -> re.Pattern[str]:
    """The answer as a word of its own (a number also with thousands separators), case ignored."""
    spelled = re.escape(answer)
    if answer.isdigit() and len(answer) > 3:
        spelled = f"(?:{spelled}|{re.escape(f'{int(answer):,}')})"
    return re.compile(rf"(?<![\w.@-]){spelled}(?![\w@]|\.\w)", re.IGNORECASE)


def judge_answer(text: str, answer: str) -> Verdict:
    said = " ".join(text.split())
    if answer_pattern(answer).search(text):
        return Verdict(True, f"answered {answer}", text)
    return Verdict(False, f"{answer} not in the answer: {said[-140:] or 'nothing said'}", text)


def judge_review(report_text: str, task: Task) -> Verdict:
    try:
        report = json.loads(report_text)
    except ValueError:
        return Verdict(False, f"no JSON report: {' '.join(report_text.split())[-140:] or 'nothing printed'}",
                       report_text)
    findings = [f for f in report.get("findings") or [] if isinstance(f, dict)]
    counts = f"{len(findings)} findings, {len(report.get('dropped') or [])} dropped"
    if task.family == "review-clean":
        severe = [f for f in findings if str(f.get("severity", "")).lower() in SEVERE]
        if severe:
            return Verdict(False, f"{len(severe)} of medium or higher on a clean diff, first "
                                  f"{severe[0].get('severity')}: {severe[0].get('title')!r} ({counts})", report_text)
        return Verdict(True, f"nothing of medium or higher ({counts})", report_text)
    near = [f for f in findings if f.get("path") == task.path and abs(_line(f) - task.line) <= 1]
    named = [f for f in near if names_bug(f, task.bug_words)]
    if named:
        return Verdict(True, f"found at {task.path}:{_line(named[0])}: {named[0].get('title')!r} ({counts})",
                       report_text)
    if near:
        return Verdict(False, f"at {task.path}:{_line(near[0])} only {near[0].get('title')!r}, which does not name "
                              f"the bug ({counts})", report_text)
    return Verdict(False, f"nothing at {task.path}:{task.line} ({counts})", report_text)


def names_bug(finding: dict[str, object], words: tuple[str, ...]) -> bool:
    """Whether the finding's title or detail says one of `words` (none given: any finding on the line does)."""
    said = f"{finding.get('title') or ''} {finding.get('detail') or ''}".lower()
    return not words or any(word.lower() in said for word in words)


def _line(finding: dict[str, object]) -> int:
    try:
        return int(str(finding.get("line") or 0))
    except ValueError:
        return 0


def judge_message(message: str, types: tuple[str, ...]) -> Verdict:
    passed, note = _judge_message(message)
    if not passed:
        return Verdict(False, note)
    kind = CONVENTIONAL.match(message.splitlines()[0])
    found = kind.group(1) if kind else ""
    if found not in types:
        return Verdict(False, f"type {found}, not {' or '.join(types)}: {note}")
    return Verdict(True, note)


def judge_commit(repo: Path, task: Task, shown: str) -> Verdict:
    if int(git(repo, "rev-list", "--count", "HEAD").strip()) < 2:
        return Verdict(False, f"no commit made: {' '.join(shown.split())[-140:] or 'nothing printed'}", shown)
    verdict = judge_message(git(repo, "log", "-1", "--format=%B").strip(), task.types)
    return Verdict(verdict.passed, verdict.note, shown)
