"""/status: the version, the workspace, the model, the session's mode and the session itself."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.errors import ConfigFileError
from orkeon_engine.domain.view import CommandView, table
from orkeon_engine.services.model_settings import resolve_model
from orkeon_engine.services.permission_mode import resolve_mode

ARGS = ArgSpec()


async def run_status(args: ParsedArgs, deps: Deps) -> CommandView:
    rows: list[list[str]] = [
        ["version", deps.version],
        ["workspace", deps.workspace.root],
        ["git", deps.workspace.git_root or "not a git repository"],
    ]
    rows.append(["model", await _model_line(deps)])
    choice = await resolve_mode(deps.session, deps.config)
    rows.append(["mode", choice.describe() if choice.known else f"{choice.describe()}, refusing every call"])
    store = deps.session.store
    saved = store.location if store.persistent else f"not saved ({store.limitation})"
    rows.append(["session", f"{deps.session.id} ({saved})"])
    for problem in deps.config.file_problems():
        rows.append(["settings", problem])
    limited = list(deps.workspace.limitations)
    return CommandView(
        table=table(["", ""], rows),
        message="limited: " + "; ".join(limited) if limited else "",
    )


async def _model_line(deps: Deps) -> str:
    try:
        choice = await resolve_model(deps.config, deps.env)
    except ConfigFileError as error:
        return f"unknown ({error})"
    if not choice.model:
        return "not configured (orkeon config set model <provider/model>)"
    line = f"{choice.model} (from {choice.model_source})"
    if choice.api_base:
        line += f" at {choice.api_base}"
    return line
