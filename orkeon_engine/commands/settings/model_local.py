"""/model local: set up the model Orkeon serves itself (`--size 0.5b` for the smaller one), or show how its
server stands (`--status`), or stop it (`--stop`).

The set-up says what it will download and build, with sizes and times, and asks before it starts (`--yes`
answers for a script; with nobody to answer and no `--yes` nothing is downloaded). Then the model and
llama-server go to the user's cache folder and `model` and `model.apiBase` (`local`) to the user's settings;
the server starts on the first model call (services/local_model.py)."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.model.local_model import (
    DEFAULT_SIZE,
    LOCAL_MODELS,
    find_spec,
    spec_for_model,
)
from orkeon_engine.domain.settings.setting_choices import DEFAULT_IDLE_MINUTES, LOCAL_API_BASE
from orkeon_engine.domain.ui.args import ParsedArgs
from orkeon_engine.domain.ui.view import CommandView, table
from orkeon_engine.services.local_model import LocalModelPorts, plan_setup, set_up
from orkeon_engine.services.model_settings import resolve_model

GO = "Set it up"
NOT_NOW = "Not now"


async def run_model_local(args: ParsedArgs, deps: Deps) -> CommandView:
    ports = _ports(deps)
    if args.has("status"):
        return await _status(deps, ports)
    if args.has("stop"):
        stopped = await ports.server.stop()
        return CommandView(message="The local model's server is stopped." if stopped
                           else "No local model server was running.")
    spec = find_spec(args.value("size") or DEFAULT_SIZE)
    plan = await plan_setup(ports.files, spec)
    steps = tuple(f"- {step}" for step in plan.steps())
    if plan.has_work and not args.has("yes"):
        question = "\n".join((f"Set up {spec.title} in {ports.files.folder}:", *steps, "Go ahead?"))
        if not deps.can_ask:
            return CommandView(lines=(question.rsplit("\n", 1)[0],), exit_code=1, message=(
                "Nothing was downloaded: nobody can answer here; `orkeon model local --yes` goes ahead."))
        if await deps.human.choose(question, [GO, NOT_NOW]) != GO:
            return CommandView(message="Nothing was downloaded; `orkeon model local` sets it up when you want.")
    elif plan.has_work:
        deps.progress.begin(f"setting up {spec.title}", "; ".join(plan.steps()))
    model = await set_up(ports.files, deps.config, spec, deps.progress)
    return CommandView(lines=(f"model: {model}", f"llama-server: {await ports.files.found_server()}"), message=(
        f"{spec.title} is set up: `model` is {spec.model_setting} and `model.apiBase` is {LOCAL_API_BASE} in "
        "your user settings. Its server starts on the first model call and stops after model.local.idleMinutes "
        "without one; `orkeon model local --status` shows it."))


async def _status(deps: Deps, ports: LocalModelPorts) -> CommandView:
    choice = await resolve_model(deps.config, deps.env)
    rows: list[list[str]] = []
    for spec in LOCAL_MODELS.values():
        path = await ports.files.model_path(spec)
        rows.append([spec.title, path or "not downloaded (`orkeon model local" +
                     ("" if spec.key == DEFAULT_SIZE else f" --size {spec.key}") + "`)"])
    rows.append(["llama-server", await ports.files.found_server() or "not built yet"])
    state = await ports.server.status()
    record = state.record
    if record is None:
        rows.append(["server", "not running (the first model call starts it)"])
    elif record.state == "crashed":
        rows.append(["server", f"crashed after its restart: {record.note}"])
    elif not state.alive:
        rows.append(["server", "not running (a stale lock file, replaced at the next start)"])
    else:
        idle = await deps.config.get("model.local.idleMinutes", DEFAULT_IDLE_MINUTES)
        served = next((s.title for s in LOCAL_MODELS.values() if record.model.endswith(s.file_name)), record.model)
        since = f"{state.idle_seconds / 60:.0f} min ago" if state.idle_seconds is not None else "unknown"
        rows += [["server", f"{record.state} at {record.api_base} (pid {record.pid}), serving {served}"],
                 ["last call", f"{since}; it stops after {idle:g} min without one"],
                 ["log", record.log]]
        if record.restarts:
            rows.append(["restarted", f"{record.restarts} time(s): {record.note}"])
    used = spec_for_model(choice.model) is not None and choice.api_base == LOCAL_API_BASE
    message = ("The settings use the local model." if used else
               f"The settings use {choice.model or 'no model'}; `orkeon model local` points them at the local one.")
    return CommandView(table=table(["", ""], rows), message=message)


def _ports(deps: Deps) -> LocalModelPorts:
    if deps.local_model is None:
        raise NotConfiguredError("this engine has no local model wired")
    return deps.local_model
