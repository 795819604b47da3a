"""/help: every command by group, or one command's usage and flags."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.entry import GROUPS, find_entry
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView, table

ARGS = ArgSpec(positionals=(Positional("command", "a command to describe", choices_from="commands"),))


async def run_help(args: ParsedArgs, deps: Deps) -> CommandView:
    name = args.word(0)
    if name:
        return _one_command(name.lstrip("/"), deps)
    rows = []
    for group in GROUPS:
        for entry in sorted((e for e in deps.catalogue if e.group == group), key=lambda e: e.name):
            rows.append([group, "/" + entry.name, entry.hint, entry.description])
    return CommandView(
        table=table(["group", "command", "arguments", "what it does"], rows),
        message=f"{len(rows)} commands. `/help <command>` shows one command's usage.",
    )


def _one_command(name: str, deps: Deps) -> CommandView:
    entry = find_entry(deps.catalogue, name)
    if entry is None:
        known = ", ".join(sorted(e.name for e in deps.catalogue))
        raise CommandFailedError(f"no command named {name!r}; commands: {known}")
    lines = [f"usage: {entry.usage}", "", entry.description]
    if entry.aliases:
        lines.append("aliases: " + ", ".join("/" + a for a in entry.aliases))
    for positional in entry.args.positionals:
        lines.append(f"  {positional.usage():<24} {positional.help}")
    for flag in entry.args.flags:
        lines.append(f"  {flag.usage():<24} {flag.help}")
    return CommandView(lines=tuple(lines))
