"""/assistant <request>: one turn of the assistant (the main loop), also what free text at the prompt runs.

`mode:<name>` as the first word runs this turn in that mode (`/assistant mode:plan how would you split
this module?`); otherwise the session's mode (/mode), else the permissions.fallback setting, else default.
The answer says where the mode came from and what the rules took out of the tools; in the editor it is
also shown as a document.
"""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.main_loop import main_loop_ports
from orkeon_engine.crews.main_loop.run import MainLoopResult, run_assistant_request
from orkeon_engine.domain.args import ArgSpec, ParsedArgs, Positional
from orkeon_engine.domain.view import CommandView, Document

ARGS = ArgSpec(
    positionals=(Positional("request", "what to do; mode:<name> first runs this turn in that mode", required=True,
                            many=True),),
    free_text=True,
    typed_from=0,
)


async def run_assistant(args: ParsedArgs, deps: Deps) -> CommandView:
    result = await run_assistant_request(" ".join(args.words), main_loop_ports(deps))
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
    }
    return CommandView(lines=lines, message=f"{result.answer.rstrip()}\n\n({result.closing()})", document=document,
                       data=data)

