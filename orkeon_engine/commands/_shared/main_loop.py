"""The main loop as the commands launch it: its ports built from a command's Deps (for /assistant,
/summary, /context, /compact's compaction and the speech commands), the epilogue of `voice.reply`, one
turn with the launching command's prelude, and the view of an answer."""

from __future__ import annotations

import dataclasses

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.speech import speech_ports
from orkeon_engine.crews.main_loop.run import Epilogue, MainLoopPorts, MainLoopResult, Prelude, run_assistant_request
from orkeon_engine.crews.speech.run import speak_answer
from orkeon_engine.domain.model.local_server import is_local_model
from orkeon_engine.domain.ui.view import CommandView, Document
from orkeon_engine.services.action_progress import ActionProgress
from orkeon_engine.services.model_settings import resolve_model


def main_loop_ports(deps: Deps) -> MainLoopPorts:
    """The ports of one run of the main loop: a fresh toolbox per turn, this run's progress and model; a
    front end that shows no turn events of its own (the editor) gets each call's action line on its
    progress line."""
    return MainLoopPorts(
        workspace=deps.workspace,
        session=deps.session,
        config=deps.config,
        clock=deps.clock,
        human=deps.human,
        progress=deps.progress,
        logger=deps.logger,
        toolbox=deps.launch_toolbox,
        llm=deps.llm,
        files=deps.files,
        shell=deps.shell,
        memory=deps.memory,
        usage=deps.usage,
        window=deps.context_window,
        grammar=deps.shell_grammar,
        events=deps.events or ActionProgress(deps.progress),
        hook_commands=deps.hook_commands,
        checkpoints=deps.checkpoints,
        can_ask=deps.can_ask,
        scratch=deps.scratch,
    )


async def voice_reply(deps: Deps) -> Epilogue | None:
    """When `voice.reply` is on, the epilogue that speaks the answer (its failure is the turn's warning)."""
    if not await deps.config.get("voice.reply", False) or deps.mcp is None or deps.files is None:
        return None
    ports = speech_ports(deps)

    async def speak(answer: str) -> None:
        await speak_answer(ports, answer)

    return speak


async def run_assistant_turn(deps: Deps, text: str, prelude: Prelude | None = None) -> CommandView:
    """One assistant turn on `text` (its `mode:` prefix read), after the launching command's prelude, its
    answer spoken when `voice.reply` is on."""
    choice = await resolve_model(deps.config, deps.env)
    ports = dataclasses.replace(main_loop_ports(deps), local_model=is_local_model(choice.model, choice.api_base))
    result = await run_assistant_request(text, ports, prelude, await voice_reply(deps))
    return assistant_view(result)


def assistant_view(result: MainLoopResult) -> CommandView:
    """The answer as the person sees it: the lines (mode, rules, flags, compactions), the answer, its figures."""
    lines = result.lines()
    footer = "\n".join(f"- {line}" for line in (*lines, result.closing()))
    answer = result.answer.strip()
    # a one-line answer is said by the message alone: no document (the editor opens no file for it)
    document = Document(result.title(), f"{answer}\n\n---\n\n{footer}\n") if "\n" in answer else None
    data = {
        "mode": result.mode_line,
        "removedTools": [tool.name for tool in result.offer.removed],
        "offeredTools": list(result.offer.offered),
        "toolCalls": len(result.calls),
        "warnings": list(result.warnings),
        "claims": list(result.claims),
        "changed": [path.removeprefix("/workspace/") for path in result.written],
    }
    return CommandView(lines=lines, message=f"{result.answer.rstrip()}\n\n({result.closing()})", document=document,
                       data=data, markdown=True)
