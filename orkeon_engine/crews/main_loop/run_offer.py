"""Step 3 of a turn, the tool offer: the turn's tools (the run's, todo_write, definition_rewrite and its
focused calls), whether the core set applies (`assistant.toolSet`), what the mode, the rules and the tool set
leave of them (crews/main_loop/offer.py), and the step's progress line.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from orkeon_engine.crews.main_loop.offer import ToolOffer, offer_tools
from orkeon_engine.crews.main_loop.run_ports import MainLoopPorts
from orkeon_engine.domain.context.compaction_thresholds import estimate_tokens
from orkeon_engine.domain.model.chat import CallOptions, Usage
from orkeon_engine.domain.permissions.rules import RuleEntry
from orkeon_engine.domain.tools.tool_sets import uses_core_set
from orkeon_engine.ports.chat_model import AnswerCut
from orkeon_engine.ports.files import Files
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.context_files import Refusal
from orkeon_engine.services.context_window import WindowChoice
from orkeon_engine.services.hooks import TurnHooks
from orkeon_engine.services.llm import Llm
from orkeon_engine.services.todos import TodoBoard
from orkeon_engine.tools.toolbox import RunToolbox

if TYPE_CHECKING:
    from orkeon_engine.tools.base import Tool


async def turn_toolbox(ports: MainLoopPorts, files: Files | None = None,
                       rewrite: RewriteCalls | None = None) -> RunToolbox:
    """The turn's tools: the run's, with todo_write over the session's todo list and, given the focused
    calls, definition_rewrite (offered with the core set only); over `files` when given (the turn's
    recording Files)."""
    from orkeon_engine.tools.definition_rewrite import DefinitionRewriteTool
    from orkeon_engine.tools.todo_write import TodoWriteTool  # pydantic loads with the first turn

    extra: list[Tool[Any]] = [TodoWriteTool(TodoBoard(ports.session, ports.progress, ports.events))]
    edited = files if files is not None else ports.files
    if rewrite is not None and edited is not None:
        extra.append(DefinitionRewriteTool(edited, rewrite))
    return await (ports.toolbox(extra, files) if files is not None else ports.toolbox(extra))


@dataclass
class RewriteCalls:
    """definition_rewrite's focused calls (its Writer): the turn's model and options, no tools, the tool's own
    answer cap; what they used joins the turn's figures, so the turn line and /cost agree."""

    llm: Llm
    options: CallOptions
    request: str
    """The person's request as the turn has it: its prelude's text joins it at step 1."""
    refusal: Refusal | None = None
    """file_read's rules under the turn's gate (set at step 3); before it, nothing is read for a rewrite."""
    usage: Usage = field(default_factory=Usage)
    calls: int = 0

    def read_refusal(self, path: str, paths: tuple[str, ...]) -> str | None:
        if self.refusal is None:
            return "the turn's read rules are not settled"
        return self.refusal(path, paths)

    async def __call__(self, system: str, user: str, max_tokens: int) -> str:
        self.calls += 1
        try:
            reply = await self.llm.reply(system, user, dataclasses.replace(self.options, max_tokens=max_tokens))
        except AnswerCut as cut:  # talk past the cap after the code block: the block may be whole
            self.usage = self.usage + (cut.usage or Usage())
            return cut.text
        self.usage = self.usage + reply.usage
        return reply.message.text


async def offers_core_set(config: ConfigStore, window: WindowChoice) -> bool:
    """Whether the turn offers the core tool set (`assistant.toolSet`, domain/tools/tool_sets.py)."""
    return uses_core_set(str(await config.get("assistant.toolSet", "auto")), window.window)


def turn_offer(ports: MainLoopPorts, mode: str, toolbox: RunToolbox, rules: Iterable[RuleEntry], core: bool,
               hooks: TurnHooks | None) -> ToolOffer:
    """The turn's offer (crews/main_loop/offer.py): with nobody to answer, the tools every call of which would
    ask are left out, but those a PreToolUse hook guards."""
    hooked = {tool.name for tool in toolbox.catalogue if hooks is not None and hooks.guards(tool.name)}
    return offer_tools(mode, [(tool.name, tool.tool_class) for tool in toolbox.catalogue], rules, core,
                       unanswerable=not ports.can_ask, hooked=hooked)


def offer_line(offer: ToolOffer, count: int, window: WindowChoice) -> str:
    """Step 3's progress line: how many tools, and why fewer when the core set or the rules took some out."""
    line = f"{count} tools offered"
    if offer.trimmed:
        size = f" for the model's window of {window.window:,} tokens" if window.window else ""
        line += f" (the core set{size}: assistant.toolSet)"
    line += f"; {offer.removed_text()}" if offer.removed else ""
    return line + (f"; {offer.unapprovable_text()}" if offer.unapprovable else "")


def tools_offered_in(mode: str, toolbox: RunToolbox, rules: Iterable[RuleEntry]) -> tuple[str, ...]:
    """The tools a turn of the assistant in `mode` is offered (step 3) out of `toolbox`, under `rules`."""
    return offer_tools(mode, [(tool.name, tool.tool_class) for tool in toolbox.catalogue], rules).offered


def turn_tools_offered_in(mode: str, rules: Iterable[RuleEntry], core: bool = False) -> tuple[str, ...]:
    """Which of the tools each turn builds itself (todo_write over the session, definition_rewrite over the
    turn's model), which no launch toolbox holds, a turn in `mode` offers under `rules`."""
    from orkeon_engine.tools.definition_rewrite import DefinitionRewriteTool
    from orkeon_engine.tools.todo_write import TodoWriteTool

    own = [(tool.name, tool.tool_class) for tool in (TodoWriteTool, DefinitionRewriteTool)]
    return offer_tools(mode, own, rules, core=core).offered


def tool_definition_tokens(tools: Sequence[Tool[Any]]) -> int:
    """The estimated tokens of the tool definitions sent beside the prompt at every model call."""
    return estimate_tokens(json.dumps([tool.spec() for tool in tools], ensure_ascii=False)) if tools else 0
