"""act, the tool loop: the model and the tools take turns until the model answers without a tool call.

Each model turn's calls are checked in the order the model wrote them: the tool found by name, its
arguments decoded and validated, the call described and put to the permission gate. The read-class calls
that follow one another run together, four at a time; every other call runs alone, in order. Whatever
happens to a call (an unknown tool, arguments that do not fit, a refusal, an exception in the tool)
becomes that call's result for the model to read, never a crash of the loop.

The budget is checked at the safe points, before each model call and before each group of calls: tool
calls (every call the model asks for counts, one that fails its checks too), wall seconds on the Clock
port (a call in flight is not interrupted), and context tokens (each turn's prompt counted once). A spent
budget raises BudgetExhausted saying which; the person's cancel (Progress.cancelled) raises Cancelled.
A failed model call (LlmFailure) propagates as it is.

Tool calls written as text: a reply without `tool_calls` whose text ends with calls of offered tools
(domain/model_replies/text_tool_calls.py says the rule) is taken as asking for those calls: they are checked, gated and
run exactly as native ones, the text before them kept as the assistant's note, the blob itself never
shown. The tool results of the conversation are the texts the model has read, so a call it merely quotes
from them does not run. A reply that wrote calls of offered tools mid-text and went on after them (as small
models do, then imagining what the call returned) is not taken as the answer the first time: the model is
told that nothing ran and how a call runs (rule 8 there), and asked again; the person sees the reply only up
to the first such call. This is also how the replies of a model asked through the prompt protocol
become calls: when the model says its protocol is `prompt` (`model.toolCalls`, ChatModel.tool_protocol),
each request is the conversation as domain/model_replies/prompt_tool_protocol.py writes it (the tools in the system
message, the calls as text, the results as a user message) and no tools are sent; the loop, its budget
and its gate are the same.

The reply checks: before a reply is taken, it is put to the checks of domain/model_replies/reply_checks/, in
the order `catalogue.REPLY_CHECKS` lists them (calls written mid-text, reads written again that already ran,
a tool's result written back, the prompt written back, a reply that says nothing). The first check that has a
note for it, while that check has notes left this turn (its `limit`), sends it: the note goes to the model as
a user message, the turn's budget is checked, and the model is asked again. A reply no check has a note for
stands: its calls run, or it is the answer (one that still writes back the harness's own text becomes a
sentence saying so: domain/model_replies/echoed_results.py). The loop knows no check by name: a new one is
its module there and its line in that list.

With TurnEvents (a front end that shows the turn as it goes), the model is asked through `stream_chat`,
so its text reaches the front end piece by piece (held back from where a call written as text may begin:
domain/model_replies/held_call_text.py), and each call is reported checked (before the gate),
started and finished. Without them the loop is unchanged.

Given a Spawner, the loop offers spawn_agent itself (tools/spawn_agent.py), after the act's own tools: the
host's tool, which no catalogue names (`tools` naming it raises UnknownToolError before the model is
asked). Without one (a child's act), a call of spawn_agent is refused by name.

Given the turn's hooks (services/hooks.py), each call that ran is put to its PostToolUse hooks, and what a
blocking one says follows the result the model reads (the PreToolUse hooks are the gate's).
"""

from __future__ import annotations

import asyncio
import dataclasses
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from orkeon_engine.domain.model.act import ActResult, BudgetExhausted, BudgetKind, Cancelled, ToolCallRecord
from orkeon_engine.domain.model.call_usage import Usage, usage_so_far
from orkeon_engine.domain.model.chat import CallOptions, ChatMessage, ChatReply, ToolCallRequest
from orkeon_engine.domain.model_replies.echoed_results import PROMPT_ECHO_ANSWER, repeats_harness, repeats_note
from orkeon_engine.domain.model_replies.file_blocks import judge_block, spliced_note
from orkeon_engine.domain.model_replies.held_call_text import HeldCallText
from orkeon_engine.domain.model_replies.model_json import describe_validation_error
from orkeon_engine.domain.model_replies.prompt_tool_protocol import ToolProtocol, prompt_conversation
from orkeon_engine.domain.model_replies.reply_checks.catalogue import REPLY_CHECKS
from orkeon_engine.domain.model_replies.reply_checks.check import ReplyChecks, ReplyView, prompt_texts
from orkeon_engine.domain.model_replies.text_tool_calls import (
    TextToolCall,
    UnrunCalls,
    not_run_text,
    quoted_call_line,
    quoted_from,
    read_text_calls,
    unrun_calls,
)
from orkeon_engine.domain.model_replies.unknown_tool import unknown_tool_text
from orkeon_engine.domain.permissions.tools import HOST_TOOLS
from orkeon_engine.domain.tool_call import ToolCall, ToolResult, Verdict
from orkeon_engine.ports.chat_model import ChatModel, StreamingChatModel, TextSink
from orkeon_engine.services.act_context import ActContext
from orkeon_engine.tools.catalogue import ToolCatalogue

if TYPE_CHECKING:  # the tools (and pydantic) load with the first run, not at start-up
    from orkeon_engine.tools.base import Tool
    from orkeon_engine.tools.spawn_agent import Spawner

MAX_PARALLEL_READS = 4
NO_OUTPUT = "(no output)"
CHILD_REFUSAL = (
    "refused: spawn_agent is not offered here, since a child agent has no child of its own; do this part "
    "yourself, or name in your report the part that needs another agent"
)


async def act(system: str, messages: Sequence[ChatMessage], context: ActContext) -> ActResult:
    """Run the loop over `messages` (the history and the request), `system` first, as `context` says: offering
    its tools (and spawn_agent when it carries a spawner), under its budget and gate (services/act_context.py).

    Returns the final text, every call made in order, the usage summed over the turns, and the whole
    conversation. Raises UnknownToolError (a host tool among the context's tools), BudgetExhausted, Cancelled,
    or the model's LlmFailure / NotConfiguredError. The context's events hear the turn as it goes, its hooks
    run the PostToolUse hooks (the module docstring)."""
    loop = _ToolLoop(context)
    if context.spawner is not None:
        loop.offer_spawn_agent(context.spawner, context.parent)
    return await loop.run(system, messages)


async def stream_chat(model: ChatModel, messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]],
                      options: CallOptions, on_text: TextSink) -> ChatReply:
    """One model call whose text goes to `on_text` as it arrives: streamed by a model that can stream,
    else handed over whole once the reply is in."""
    if isinstance(model, StreamingChatModel):
        return await model.chat_streamed(messages, tools, options, on_text)
    reply = await model.chat(messages, tools, options)
    if reply.message.text:
        await on_text(reply.message.text)
    return reply


@dataclass
class _Ready:
    """A call that passed its checks and the gate, waiting to run."""

    request: ToolCallRequest
    tool: Tool[Any]
    arguments: dict[str, Any]
    args: Any
    call: ToolCall
    verdict: Verdict


class _ToolLoop:
    def __init__(self, context: ActContext) -> None:
        self._tools = ToolCatalogue(context.tools)  # names compared without case; a duplicate raises ValueError
        self._specs = self._tools.specs()
        self._budget = context.budget
        self._gate = context.gate
        self._model = context.model
        self._clock = context.clock
        self._progress = context.progress
        self._options = context.options
        self._logger = context.logger
        self._parallel = MAX_PARALLEL_READS
        self._events = context.events
        self._hooks = context.hooks if context.hooks is not None and context.hooks.active else None
        self._started = context.clock.monotonic()
        self._records: list[ToolCallRecord] = []
        self._usage = Usage()
        self._context_tokens = 0
        self._turns = 0
        self._protocol: ToolProtocol = "native"
        self._reply_checks = ReplyChecks(REPLY_CHECKS)
        """The checks each reply is put to before it is taken, with the notes each sent this turn."""
        self._notes: list[str] = []
        """The notes this loop sent the model this turn (a reply made of one is an echo)."""
        self._prompt_size = 0
        """How many messages of the conversation the loop was given (the prompt the model was shown)."""
        self._quoted: str | None = None
        """The line saying why the current reply's calls did not run: they repeat what the model was shown."""
        self._forms: dict[str, tuple[str, tuple[str, str]]] = {}
        """The requests that are edits written as text, by id: "whole" (a whole-file block) or "replace", and
        the edit as written (tool, arguments)."""
        self._spliced: dict[str, str] = {}
        """What the model is told beside the result of a whole-file block taken as the definitions it rewrites."""

    def offer_spawn_agent(self, spawner: Spawner, parent: str) -> None:
        """Offer spawn_agent, the host's own tool, after the act's tools."""
        from orkeon_engine.tools.spawn_agent import SpawnAgentTool, SpawnContext

        context = SpawnContext(parent=parent, mode=self._gate.mode, tools=tuple(self._tools.names()))
        tool = SpawnAgentTool(spawner, context, [self._tools.get(name) for name in context.tools])
        self._tools.offer_host_tool(tool)
        self._specs.append(tool.spec())

    async def run(self, system: str, messages: Sequence[ChatMessage]) -> ActResult:
        conversation = ([ChatMessage.system(system)] if system else []) + list(messages)
        self._prompt_size = len(conversation)
        self._protocol = await self._model.tool_protocol(self._options) if self._specs else "native"
        while True:
            self._safe_point()
            held = HeldCallText() if self._events is not None else None
            reply = await self._ask_model(conversation, held)
            self._turns += 1
            self._usage = self._usage + reply.usage
            self._context_tokens += reply.usage.input_tokens
            message = self._calls_of(reply.message, conversation)
            unrun = None if message.tool_calls else self._unrun(message, conversation)
            taken = message if unrun is None else self._insisted(message, unrun)
            note = self._reply_checks.note_for(ReplyView(taken, unrun, tuple(conversation), tuple(self._notes),
                                                         tuple(self._records), self._turn_left(), self._is_read))
            if note is None:  # the reply stands; calls written mid-text after the notes: run, or named as not run
                message, unrun = taken, None
            if held is not None and self._events is not None:
                rest = held.finish(message.text if unrun is None else message.text[:unrun.start].rstrip())
                if rest:
                    await self._events.text(rest)
            conversation.append(message)
            self._report()
            if note is not None:  # the reply is not the answer: the model is told why, as often as the check allows
                self._check("turns", self._budget.turns, self._turns - 1)
                self._notes.append(note)
                conversation.append(ChatMessage.user(note))
                continue
            if not message.tool_calls:
                answer = self._answer(message, conversation)
                return ActResult(answer, tuple(self._records), self._usage, self._turns,
                                 tuple(conversation), reply.usage.input_tokens,
                                 (self._quoted,) if self._quoted else ())
            self._check("context_tokens", self._budget.context_tokens, self._context_tokens)
            self._check("turns", self._budget.turns, self._turns - 1)
            for record in await self._run_turn(message.tool_calls):
                conversation.append(ChatMessage.tool(_request_of(record), record.result.text or NO_OUTPUT))

    async def _ask_model(self, conversation: list[ChatMessage], held: HeldCallText | None) -> ChatReply:
        sent, specs = conversation, self._specs
        if self._protocol == "prompt":  # the tools and results written into the messages, no tools sent
            sent, specs = prompt_conversation(conversation, self._specs), []
        if self._events is None or held is None:
            return await self._model.chat(sent, specs, self._options)
        events = self._events

        async def on_text(piece: str) -> None:
            shown = held.feed(piece)
            if shown:
                await events.text(shown)

        return await stream_chat(self._model, sent, specs, self._options, on_text)

    def _calls_of(self, message: ChatMessage, conversation: Sequence[ChatMessage]) -> ChatMessage:
        """The reply as the loop reads it: as it is with native calls (or no text); with calls written as
        text, the note and those calls (ids `text_<turn>_<n>`)."""
        self._quoted = None
        if message.tool_calls or not message.text:
            return message
        found = read_text_calls(message.text, self._offered())
        if found is None or self._copied(found.calls, conversation) or self._edits_made(found.calls):
            return message
        return ChatMessage.assistant(found.note, self._requests(found.calls))

    def _edits_made(self, calls: Sequence[TextToolCall]) -> bool:
        """Whether the reply's edits, written as text, are all edits this turn made already (a model writing its
        blocks again after their results): then the reply is the answer, and nothing is made twice."""
        made = {self._forms[record.id][1] for record in self._records
                if record.id in self._forms and not record.result.is_error}
        return all(call.form != "call" and (call.name, call.arguments) in made for call in calls)

    def _copied(self, calls: Sequence[TextToolCall], conversation: Sequence[ChatMessage]) -> bool:
        """Whether `calls` repeat what the model was shown (domain/model_replies/text_tool_calls.py, rule 5):
        then they never run, and the line saying so is kept for the answer."""
        source = quoted_from(calls, _shown(conversation, self._prompt_size), self._offered())
        if source is not None and any(call.form != "whole" for call in calls):  # a file's text quoted: no line
            self._quoted = quoted_call_line(calls, source)
        return source is not None

    def _requests(self, calls: Sequence[TextToolCall]) -> tuple[ToolCallRequest, ...]:
        """Calls written as text, as the loop's requests (ids `text_<turn>_<n>`)."""
        requests = tuple(ToolCallRequest(f"text_{self._turns}_{index}", call.name, call.arguments)
                         for index, call in enumerate(calls))
        self._forms.update((request.id, (call.form, (call.name, call.arguments)))
                           for request, call in zip(requests, calls, strict=True) if call.form != "call")
        return requests

    def _unrun(self, message: ChatMessage, conversation: Sequence[ChatMessage]) -> UnrunCalls | None:
        """The calls a reply without calls wrote mid-text (domain/model_replies/text_tool_calls.py, rule 8): the
        reply checks' to tell the model of, and after their notes run or named (rule 9, `_insisted`)."""
        if not message.text or self._quoted:
            return None
        found = unrun_calls(message.text, self._offered())
        return None if found is None or self._copied(found.calls, conversation) else found

    def _insisted(self, message: ChatMessage, unrun: UnrunCalls) -> ChatMessage:
        """A reply that wrote calls with text after them again, after the note (text_tool_calls rule 9): the
        text before them and the calls, when all are reads; else that text and a sentence that they did not
        run."""
        before = message.text[:unrun.start].rstrip()
        calls = self._requests(unrun.calls)
        if calls and all(self._is_read(call.name) for call in calls):
            return ChatMessage.assistant(before, calls)
        return ChatMessage.assistant(f"{before}\n\n{not_run_text(unrun)}".strip())

    def _answer(self, message: ChatMessage, conversation: Sequence[ChatMessage]) -> str:
        """The final answer: the reply's text; or, when it writes back the harness's own text, a sentence saying
        that (domain/model_replies/echoed_results.py)."""
        if repeats_harness(message.text, prompt_texts(conversation)) or repeats_note(message.text, self._notes):
            return PROMPT_ECHO_ANSWER
        return message.text

    def _turn_left(self) -> bool:
        """Whether the budget leaves the model a turn to answer a note (the empty and refusal-echo notes are
        only sent then; the older notes raise BudgetExhausted on the last turn, as they always have)."""
        return self._budget.turns is None or self._turns - 1 < self._budget.turns

    def _offered(self) -> dict[str, Any]:
        return {function["name"]: function.get("parameters") or {} for spec in self._specs
                if isinstance(function := spec.get("function"), dict) and isinstance(function.get("name"), str)}

    async def _run_turn(self, requests: Sequence[ToolCallRequest]) -> list[ToolCallRecord]:
        """Every call of one model turn, grouped: consecutive reads together, any other call alone."""
        done: list[ToolCallRecord] = []
        for group in self._groups(requests):
            self._safe_point()
            allowed = self._calls_left()
            admitted = group if allowed is None else group[:allowed]
            done.extend(await self._run_group(admitted))
            if len(admitted) < len(group):
                self._check("tool_calls", self._budget.tool_calls, len(self._records))
        return done

    def _groups(self, requests: Sequence[ToolCallRequest]) -> list[list[ToolCallRequest]]:
        groups: list[list[ToolCallRequest]] = []
        for request in requests:
            if self._is_read(request.name) and groups and self._is_read(groups[-1][0].name):
                groups[-1].append(request)
            else:
                groups.append([request])
        return groups

    def _is_read(self, name: str) -> bool:
        """Whether the tool of that name is offered and a read."""
        tool = self._find(name)
        return tool is not None and tool.tool_class == "read"

    async def _run_group(self, requests: Sequence[ToolCallRequest]) -> list[ToolCallRecord]:
        records: list[ToolCallRecord | None] = [None] * len(requests)
        ready: list[tuple[int, _Ready]] = []
        for index, request in enumerate(requests):  # the gate sees the calls one by one, in order
            checked = await self._check_call(request)
            if isinstance(checked, _Ready):
                ready.append((index, checked))
            else:
                records[index] = checked
                await self._finished(checked)
        limit = asyncio.Semaphore(self._parallel)

        async def run_one(index: int, item: _Ready) -> None:
            async with limit:
                if self._events is not None:
                    await self._events.tool_call_started(item.call)
                records[index] = record = await self._execute(item)
                await self._finished(record)

        if len(ready) == 1:
            await run_one(*ready[0])
        elif ready:
            await asyncio.gather(*(run_one(index, item) for index, item in ready))
        finished = [record for record in records if record is not None]
        self._records.extend(finished)
        return finished

    async def _check_call(self, request: ToolCallRequest) -> _Ready | ToolCallRecord:
        tool = self._find(request.name)
        if tool is None and request.name.strip().lower() in HOST_TOOLS:
            return _record(request, {}, None, CHILD_REFUSAL)
        if tool is None:
            return _record(request, {}, None, self._unknown(request))
        try:
            arguments = request.decoded()
        except ValueError as error:
            return _record(request, {}, None, f"{tool.name}: {error}")
        from pydantic import ValidationError  # loaded with the first tool call, not at start-up

        try:
            args = tool.parse(arguments)
        except ValidationError as error:
            problems = describe_validation_error(error)
            return _record(request, arguments, None, f"{tool.name}: the arguments do not fit its input:\n{problems}")
        try:
            call = dataclasses.replace(await tool.describe(args), call_id=request.id)
            if self._forms.get(request.id, ("",))[0] == "whole" and call.edit is not None:
                judged = judge_block(call.edit.path, call.edit.old_text, call.edit.new_text)
                if judged.content is None:
                    return _record(request, arguments, None, judged.refusal)
                if judged.spliced:  # the block was a part: the file with its definitions put in is written
                    arguments, self._spliced[request.id] = ({**arguments, "content": judged.content},
                                                            spliced_note(call.edit.path, judged.spliced))
                    args = tool.parse(arguments)
                    call = dataclasses.replace(await tool.describe(args), call_id=request.id)
        except Exception as error:  # a path the tool cannot describe (outside the mounts...) is the model's to fix
            return _record(request, arguments, None, f"{tool.name}: {error}")
        if self._events is not None:
            await self._events.tool_call_checked(call)
        verdict = await self._gate.authorize(call)
        if not verdict.allowed:
            reason = verdict.reason or "no reason given"
            return _record(request, arguments, verdict, f"refused by the permission gate: {reason}")
        return _Ready(request, tool, arguments, args, call, verdict)

    def _unknown(self, request: ToolCallRequest) -> str:
        """The refusal of a tool not offered, naming the offered tool its arguments fit
        (domain/model_replies/unknown_tool.py)."""
        try:
            arguments: dict[str, Any] | None = request.decoded()
        except ValueError:
            arguments = None
        return unknown_tool_text(request.name, arguments, self._offered(), self._tools.names())

    async def _execute(self, item: _Ready) -> ToolCallRecord:
        try:
            result = await item.tool.run(item.args)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # a tool's bug is the model's error result, never the loop's crash
            if self._logger is not None:
                self._logger.warning(f"tool {item.tool.name} raised:\n{traceback.format_exc()}")
            result = ToolResult(f"{item.tool.name} failed: {type(error).__name__}: {error}", is_error=True)
        if item.request.id in self._spliced and not result.is_error:
            result = dataclasses.replace(result, text=f"{result.text}\n{self._spliced[item.request.id]}")
        if self._hooks is not None:
            result = await self._hooks.post_tool_use(item.call, result)
        return ToolCallRecord(item.request.id, item.tool.name, item.arguments, item.verdict, result)

    async def _finished(self, record: ToolCallRecord) -> None:
        if self._events is not None:
            await self._events.tool_call_finished(record)

    def _find(self, name: str) -> Tool[Any] | None:
        return self._tools.find(name)

    def _calls_left(self) -> int | None:
        if self._budget.tool_calls is None:
            return None
        left = self._budget.tool_calls - len(self._records)
        if left <= 0:
            self._check("tool_calls", self._budget.tool_calls, len(self._records))
        return left

    def _safe_point(self) -> None:
        if self._progress is not None and self._progress.cancelled:
            raise Cancelled(tuple(self._records), self._usage)
        self._check("seconds", self._budget.seconds, self._clock.monotonic() - self._started)

    def _check(self, kind: BudgetKind, limit: float | None, used: float) -> None:
        if limit is not None and used >= limit:
            raise BudgetExhausted(kind, limit, round(used, 1), tuple(self._records), self._usage)

    def _report(self) -> None:
        if self._progress is not None:
            calls = len(self._records)  # the figures of the work so far, not a counter of the loop's turns
            models = f"{self._turns} model call{'' if self._turns == 1 else 's'}"
            self._progress.report(f"{usage_so_far(self._usage)} so far; {models}, "
                                  f"{calls} tool call{'' if calls == 1 else 's'}")


def _record(request: ToolCallRequest, arguments: dict[str, Any], verdict: Verdict | None, text: str) -> ToolCallRecord:
    return ToolCallRecord(request.id, request.name, arguments, verdict, ToolResult(text, is_error=True))


PROMPT_SOURCE = ("the turn's prompt (its context files such as AGENTS.md, its pinned and named files, hook "
                 "output or earlier turns)")


def _shown(conversation: Sequence[ChatMessage], prompt_size: int) -> list[tuple[str, str]]:
    """What the model was shown, labelled for the person: the prompt the loop was given, then every tool
    result (an MCP server's and a hook's output among them). The loop's own notes are not in it."""
    asked = {call.id: call for message in conversation for call in message.tool_calls}
    shown = [(PROMPT_SOURCE, message.text) for message in conversation[:prompt_size] if message.text]
    for message in conversation[prompt_size:]:
        if message.role == "tool" and message.text:
            shown.append((_result_label(message, asked.get(message.tool_call_id or "")), message.text))
    return shown


def _result_label(message: ChatMessage, call: ToolCallRequest | None) -> str:
    """`the result of file_read (NOTES.md)`: the tool, and the path it was given when it had one."""
    path = None
    if call is not None:
        try:
            path = call.decoded().get("path")
        except ValueError:
            path = None
    return f"the result of {message.name or 'a tool'}" + (f" ({path})" if isinstance(path, str) and path else "")


def _request_of(record: ToolCallRecord) -> ToolCallRequest:
    return ToolCallRequest(record.id, record.name)
