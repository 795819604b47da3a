"""/trust: whether you trust this workspace's own settings, and the keys of its settings file that wait for
it; `grant` trusts it, `revoke` takes the trust back. The decision is kept in your config folder
(`trusted.json`), never in the workspace, whose files a repository controls."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.settings.trust import ALLOW_RULES, TRUST_GATED_KEYS
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView, table

ARGS = ArgSpec(positionals=(Positional("action", "show (the default) | grant | revoke"),))
ACTIONS = ("show", "grant", "revoke")


async def run_trust(args: ParsedArgs, deps: Deps) -> CommandView:
    action = args.word(0) or "show"
    if action not in ACTIONS:
        raise ArgumentError(f"unknown action {action!r}; expected {' | '.join(ACTIONS)}", ARGS.usage("trust"))
    trust = deps.config.trust
    if action != "show":
        try:
            trust.grant() if action == "grant" else trust.revoke()
        except OSError as error:
            raise CommandFailedError(f"the trust could not be recorded: {error}") from None
    return await _show(deps, action)


async def _show(deps: Deps, action: str) -> CommandView:
    trust = deps.config.trust
    trusted = trust.trusted()
    project = deps.config.read_file("project")
    held = {item.key for item in await deps.config.held_back()}
    rows = [[gated.key, _state(gated.key in project, gated.key in held), gated.why]
            for gated in TRUST_GATED_KEYS]
    shipped = project.get("permissions")
    rows.append([ALLOW_RULES.key, _state(isinstance(shipped, dict) and bool(shipped.get("allow")),
                                         ALLOW_RULES.key in held), ALLOW_RULES.why])
    return CommandView(
        lines=(f"kept in {trust.location()}", f"settings file: {deps.config.location('project')}"),
        table=table(["key", "in the project's file", "why it waits for trust"], rows),
        message=_verdict(trust.workspace(), trusted, action),
        data={"trusted": trusted, "workspace": trust.workspace(), "heldBack": sorted(held)},
    )


def _verdict(workspace: str, trusted: bool, action: str) -> str:
    if action == "grant":
        return f"{workspace} is now trusted: the keys its settings file sets apply."
    if action == "revoke":
        return f"{workspace} is no longer trusted: the keys above that wait for trust are ignored again."
    if trusted:
        return f"{workspace} is trusted: its settings file applies whole."
    return f"{workspace} is not trusted; `orkeon trust grant` uses the keys its settings file holds back."


def _state(present: bool, held: bool) -> str:
    if not present:
        return "not set"
    return "set, ignored until trusted" if held else "set, used"
