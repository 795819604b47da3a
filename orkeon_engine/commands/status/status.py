"""/status: the version, the workspace, the model and its provider (and the api base it is called at, with
where each came from), the model's context window and output limit (with their sources) and the context
the last model call used, whether the workspace is trusted, the session's mode and where it comes from, the
session itself, the code index's state, and the session's tokens (summed over its calls) and cost so far."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.context.compaction_thresholds import gauge_for
from orkeon_engine.domain.context.context_use import LAST_CALL_KEY, read_last_prompt
from orkeon_engine.domain.errors import ConfigFileError
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.ui.view import CommandView, table
from orkeon_engine.services.model_settings import resolve_model
from orkeon_engine.services.permission_mode import resolve_mode
from orkeon_engine.services.workspace_trust import trust_line

ARGS = ArgSpec()


async def run_status(args: ParsedArgs, deps: Deps) -> CommandView:
    rows: list[list[str]] = [
        ["version", deps.version],
        ["workspace", deps.workspace.root],
        ["git", deps.workspace.git_root or "not a git repository"],
    ]
    model_rows = await _model_rows(deps)
    rows += model_rows
    if len(model_rows) > 1:  # a model is configured
        rows += await _window_rows(deps)
    rows.append(["trust", await trust_line(deps.config)])
    choice = await resolve_mode(deps.session, deps.config)
    data: dict[str, str | None] = {"mode": choice.mode, "model": await _model_name(deps), "sessionCost": None}
    rows.append(["mode", choice.describe() if choice.known else f"{choice.describe()}, refusing every call"])
    store = deps.session.store
    saved = store.location if store.persistent else f"not saved ({store.limitation})"
    rows.append(["session", f"{deps.session.id} ({saved})"])
    if deps.code_index is not None:
        rows.append(["index", await _index_line(deps)])
    if deps.usage is not None:
        line, data["sessionCost"] = await _usage(deps)
        rows.append(["usage", line])
    for problem in deps.config.file_problems():
        rows.append(["settings", problem])
    for line in deps.workspace.ignored:  # state a clone shipped under .orkeon/local/: never read
        rows.append(["ignored", line])
    limited = list(deps.workspace.limitations)
    return CommandView(
        table=table(["", ""], rows),
        message="limited: " + "; ".join(limited) if limited else "",
        data=data,
    )


async def _model_name(deps: Deps) -> str | None:
    """The model's name for an editor's status bar; None when none is configured or it cannot be read."""
    try:
        return (await resolve_model(deps.config, deps.env)).model or None
    except ConfigFileError:
        return None


async def _model_rows(deps: Deps) -> list[list[str]]:
    try:
        choice = await resolve_model(deps.config, deps.env)
    except ConfigFileError as error:
        return [["model", f"unknown ({error})"]]
    if not choice.model:
        return [["model", "not configured (orkeon config set model <provider/model>)"]]
    line = f"{choice.model} (from {choice.model_source})"
    if choice.api_base:
        line += f" at {choice.api_base} (from {choice.api_base_source})"
    return [["model", line], ["provider", choice.provider]]


async def _window_rows(deps: Deps) -> list[list[str]]:
    """The window, the output limit and the context the last call used: the figures /context shows (read,
    with the model's facts, only when a model is configured)."""
    from orkeon_engine.services.context_window import resolve_context_window

    try:
        choice = await resolve_context_window(deps.config, deps.context_window)
    except ConfigFileError as error:
        return [["window", f"unknown ({error})"]]
    last = read_last_prompt(await deps.session.get_state(LAST_CALL_KEY))
    used = (f"{gauge_for(last, choice.thresholds).share()} at the last model call" if last
            else "no model call in this session yet")
    return [["window", choice.window_text()], ["output", choice.output_text()], ["context", used]]


async def _usage(deps: Deps) -> tuple[str, str | None]:
    """The usage row's text, and the session's cost alone (None when it cannot be read)."""
    assert deps.usage is not None
    try:
        total = (await deps.usage.summary(deps.session.id)).total
    except OSError as error:
        return f"unknown ({error})", None
    if total.calls == 0:
        return "no model call yet", total.cost_text()
    calls = f"{total.calls} model call{'s' if total.calls != 1 else ''}"
    summed = " (summed over the calls)" if total.calls > 1 else ""
    return (f"{calls}, {total.input_tokens:,} tokens in{summed}, {total.output_tokens:,} out, "
            f"{total.cost_text()}"), total.cost_text()


async def _index_line(deps: Deps) -> str:
    assert deps.code_index is not None
    state = await deps.code_index.status()
    if not state.built and state.files == 0:
        return f"not built yet ({state.unindexed:,} files to index; /analyze builds it)"
    languages = ", ".join(f"{name} {count}" for name, count in list(state.languages.items())[:3])
    line = f"{state.files:,} files, {state.symbols:,} symbols ({languages})"
    behind = [f"{len(state.stale):,} changed since"] if state.stale else []
    behind += [f"{state.unindexed:,} not indexed yet"] if state.unindexed else []
    if behind:
        line += "; " + ", ".join(behind)
    if state.cache.startswith("memory only"):
        line += f"; {state.cache}"
    return line
