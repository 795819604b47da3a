"""The permission gate of one run: the pure decision, and the question when the decision is to ask.

`gate_for_run(ports, mode, step=None)` reads the rules once (the session's, the settings files', the
step's rule sets) and returns a RunGate, the PermissionGate the tool loop calls on every tool call of the
model. Every command line is read by the shell grammar (`GatePorts.grammar`), as bash reads it.
`decide` (domain/permissions/decide.py) settles most calls; an Ask goes to the person through HumanInput
with four answers:

- Allow once: this call only;
- Allow for this session: the narrowest rule is added to the session's rules (and to this run's);
- Always allow: the same rule is written to the project's `.orkeon/config.json` under permissions.allow;
- Deny, or no answer at all (no terminal, CI, a closed dialog): the call is refused.

A HumanInput that is also a PermissionAsker (the ACP agent's) gets the whole question instead, with a fifth
answer, Always deny: the same narrow rules are written to the project's permissions.deny (to the session
when the file cannot be written), so the call, and every call like it, is refused from then on.

A question has a deadline, `permissions.askTimeout` seconds (120 by default) from the moment the call
reached the gate, on the event loop's timer (it bounds a wait on a real peer): past it the call is
refused, whether it was still waiting for its turn (questions come one at a time) or for its answer, and
the next question is asked. So a client that shows a question and never answers cannot hold the gate, in
any front end.

Given the turn's hooks (services/hooks.py), a call the rules do not deny is put to its PreToolUse hooks
next: a hook that denies, or fails (another exit code, its timeout), refuses the call with its reason; one
that asks turns the call into a question to the person (with no rule offered, since the hook would ask
again); one that allows lets it run without the question the rules or the mode would ask. A hook never
loosens a deny: a call the rules deny is refused before any hook runs.

The gate never raises: anything unexpected refuses the call with the reason.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass

from orkeon_engine.domain.errors import ConfigFileError
from orkeon_engine.domain.permissions.decide import Allow, Ask, Decision, Deny, GateContext, decide
from orkeon_engine.domain.permissions.matching import is_shell_call
from orkeon_engine.domain.permissions.question import (
    ALLOW_ONCE,
    ALLOW_SESSION,
    ALWAYS_ALLOW,
    ALWAYS_DENY,
    answers,
    permission_question,
    question_text,
)
from orkeon_engine.domain.permissions.rules import Rule, RuleEntry, format_rule
from orkeon_engine.domain.tool_call import ToolCall, Verdict
from orkeon_engine.domain.tools.shell_reading import ShellLine
from orkeon_engine.ports.human_input import HumanInput, PermissionAsker
from orkeon_engine.ports.logger import Logger
from orkeon_engine.ports.shell_grammar import ShellGrammar
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.deadlines import DEFAULT_ASK_SECONDS
from orkeon_engine.services.hooks import TurnHooks
from orkeon_engine.services.permission_rules import SESSION_SOURCE, PermissionRules
from orkeon_engine.services.session_io import CurrentSession

__all__ = ["Allow", "Ask", "Decision", "Deny", "GateContext", "GatePorts", "RunGate", "decide", "gate_for_run"]
NO_GRAMMAR = "no shell grammar is wired in this engine, so no command line can be read"
SHELL_READ_HINT = ("; to read or search the project, file_read, directory_read and codebase_search run without "
                   "asking unless a rule says otherwise")
"""Added to an unanswered shell question: a small model refused `grep` told the person to run it themselves."""


@dataclass(frozen=True)
class GatePorts:
    """What a run's gate works over: the settings and the session (its rules and the questions' deadline),
    the person to ask, and the grammar that reads command lines."""

    config: ConfigStore
    session: CurrentSession
    human: HumanInput
    grammar: ShellGrammar | None
    logger: Logger | None = None


class RunGate:
    """The PermissionGate of one run: its mode and rules fixed at the start, plus what the person allows."""

    def __init__(self, context: GateContext, human: HumanInput, rules: PermissionRules,
                 ask_seconds: float = DEFAULT_ASK_SECONDS, logger: Logger | None = None,
                 hooks: TurnHooks | None = None) -> None:
        self.context = context
        self._human = human
        self._rules = rules
        self._ask_seconds = ask_seconds
        self._logger = logger
        self._hooks = hooks if hooks is not None and hooks.active else None
        self._asking = asyncio.Lock()

    @property
    def mode(self) -> str:
        return self.context.mode

    async def authorize(self, call: ToolCall) -> Verdict:
        """The verdict on a call; never raises, and refuses on anything unexpected."""
        try:
            return await self._authorize(call)
        except Exception as error:  # the gate's contract: a failure refuses the call, it never escapes
            return Verdict.deny(f"refused: the permission gate could not decide ({type(error).__name__}: {error})")

    async def _authorize(self, call: ToolCall) -> Verdict:
        decision = decide(call, self.context)
        if isinstance(decision, Deny):  # a hook never loosens a deny, and does not run for a refused call
            return _verdict(decision)
        hook_asks = False
        if self._hooks is not None:
            hooked = await self._hooks.pre_tool_use(call)
            if hooked.kind == "deny":
                return Verdict.deny(f"refused: {hooked.reason}")
            if hooked.kind == "allow":
                return Verdict.allow(hooked.reason)
            if hooked.kind == "ask":
                hook_asks = True
                decision = _hook_question(decision, hooked.reason)
        if not isinstance(decision, Ask):
            return _verdict(decision)
        deadline = asyncio.get_running_loop().time() + self._ask_seconds
        try:
            async with asyncio.timeout_at(deadline):  # the questions before it may take the whole deadline
                await self._asking.acquire()
        except TimeoutError:
            return self._too_late()
        try:  # one question at a time; an answer may settle the calls waiting
            settled = decide(call, self.context)
            if isinstance(settled, Deny) or (not hook_asks and isinstance(settled, Allow)):
                return _verdict(settled)  # a hook's question is asked even when a rule now allows the call
            if isinstance(settled, Ask) and not hook_asks:
                decision = settled
            try:
                async with asyncio.timeout_at(deadline):
                    answer = await self._ask(call, decision)
            except TimeoutError:
                return self._too_late()
            return await self._apply(answer, decision, call)
        finally:
            self._asking.release()

    def _too_late(self) -> Verdict:
        return Verdict.deny(f"refused: the call needed the person's approval and nobody answered within "
                            f"{self._ask_seconds:g} s (permissions.askTimeout); change approach, or say in the "
                            "final answer what needs approval")

    async def _ask(self, call: ToolCall, ask: Ask) -> str | None:
        where = self._rules.project_location()
        if isinstance(self._human, PermissionAsker):
            return await self._human.ask_permission(permission_question(call, ask, where))
        edits = (call.edit,) if call.edit is not None else ()
        return await self._human.choose(question_text(call, ask, where), answers(ask), edits)

    async def _apply(self, answer: str | None, ask: Ask, call: ToolCall) -> Verdict:
        if answer is None:
            return Verdict.deny("refused: the call needed the person's approval and nobody answered; "
                                "change approach, or say in the final answer what needs approval"
                                + (SHELL_READ_HINT if is_shell_call(call) else ""))
        if answer == ALLOW_ONCE:
            return Verdict.allow("allowed once by the person")
        if answer == ALLOW_SESSION and ask.offers:
            await self._rules.add_session(ask.offers)
            self._remember(ask.offers, SESSION_SOURCE)
            return Verdict.allow(f"allowed for this session by the person ({_texts(ask.offers)})")
        if answer == ALWAYS_ALLOW and ask.offers:
            return await self._always(ask.offers)
        if answer == ALWAYS_DENY and ask.offers:
            return await self._never(tuple(Rule("deny", rule.tool, rule.specifier) for rule in ask.offers))
        return Verdict.deny("refused by the person; do not repeat this call as is: change approach, or say in "
                            "the final answer what you need")

    async def _always(self, offers: tuple[Rule, ...]) -> Verdict:
        where, error = await self._keep(offers)
        if error is not None:
            return Verdict.allow(f"allowed by the person; {_texts(offers)} could not be written ({error}), "
                                 "so it holds for this session only")
        return Verdict.allow(f"allowed by the person; {_texts(offers)} written to {where}")

    async def _never(self, denials: tuple[Rule, ...]) -> Verdict:
        where, error = await self._keep(denials)
        if error is not None:
            return Verdict.deny(f"refused by the person, who denied calls like it for this session "
                                f"({_texts(denials)}); do not try them again")
        return Verdict.deny(f"refused by the person, who denied calls like it for good ({_texts(denials)} "
                            f"written to {where}); do not try them again")

    async def _keep(self, rules: tuple[Rule, ...]) -> tuple[str, ConfigFileError | None]:
        """Write lasting rules to the project's settings file, or keep them for the session when it cannot
        be written; where they went, and why not the file."""
        where = self._rules.project_location()
        try:
            await self._rules.add_project(rules)
        except ConfigFileError as error:
            await self._rules.add_session(rules)
            self._remember(rules, SESSION_SOURCE)
            if self._logger is not None:
                self._logger.warning(f"the rule {_texts(rules)} was kept for this session only: {error}")
            return SESSION_SOURCE, error
        self._remember(rules, where)
        return where, None

    def _remember(self, rules: Iterable[Rule], source: str) -> None:
        self.context = self.context.with_rules(RuleEntry(rule, source) for rule in rules)


def _hook_question(decision: Decision, reason: str) -> Ask:
    """The question a PreToolUse hook asks: the rules' own, with the hook's reason, or, for a call the rules
    allow, the hook's alone, offering no rule (an allow rule would not stop the hook asking again)."""
    if isinstance(decision, Ask):
        return Ask(f"{decision.reason}; {reason}", decision.offers)
    return Ask(reason)


def _verdict(decision: Decision) -> Verdict:
    if isinstance(decision, Allow):
        return Verdict.allow(decision.reason)
    return Verdict.deny(decision.reason)


def _texts(rules: Iterable[Rule]) -> str:
    return ", ".join(format_rule(rule) for rule in rules)


async def gate_for_run(
    ports: GatePorts,
    mode: str,
    step: str | None = None,
    hooks: TurnHooks | None = None,
) -> RunGate:
    """The gate of one run in `mode` (a name; an unknown one refuses every call), under `step`'s rule sets,
    putting the calls to `hooks`' PreToolUse hooks (the assistant's turn; the crews run none).

    It never raises: a settings file or a rule that cannot be read becomes a problem the gate refuses on,
    and so does a missing shell grammar."""
    rules = PermissionRules(ports.config, ports.session)
    try:
        book = await rules.effective(step)
        entries, problems = book.entries, book.problems
    except Exception as error:  # a store that fails to answer: refuse every call, saying why
        entries, problems = (), (f"the rules could not be read ({type(error).__name__}: {error})",)
    if ports.grammar is None:
        problems = (*problems, NO_GRAMMAR)
    read = ports.grammar.read if ports.grammar is not None else _unreadable
    context = GateContext(mode, entries, problems, read=read)
    return RunGate(context, ports.human, rules, await _ask_seconds(ports.config), ports.logger, hooks)


async def _ask_seconds(config: ConfigStore) -> float:
    """The questions' deadline (`permissions.askTimeout`); its default when the settings cannot be read."""
    try:
        return float(await config.get("permissions.askTimeout", DEFAULT_ASK_SECONDS))
    except ConfigFileError:  # the gate already refuses every call on a broken file
        return DEFAULT_ASK_SECONDS


def _unreadable(line: str) -> ShellLine:
    return ShellLine((), (), complete=False)
