"""Step 6's checks: the project's narrowest relevant check run after the turn's edits (`assistant.verify`,
services/turn_checks.py, each run put to the turn's gate), and the files the turn changed, which it reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from orkeon_engine.crews.main_loop.run_ports import MainLoopPorts
from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.permissions.tools import EDIT_TOOLS
from orkeon_engine.domain.session.working_files import touched_paths
from orkeon_engine.ports.files import FilesError
from orkeon_engine.services.checkpoints import RecordingFiles
from orkeon_engine.services.gate import RunGate
from orkeon_engine.services.turn_checks import CheckRunner, TurnChecks, read_verify


async def turn_checks(ports: MainLoopPorts, gate: RunGate) -> TurnChecks | None:
    """The turn's checks (services/turn_checks.py) under its gate; None when `assistant.verify` is off, in plan
    mode (nothing runs) or in an engine without files or a shell."""
    if gate.mode == "plan" or ports.files is None or ports.shell is None or await read_verify(ports.config) == "off":
        return None
    try:
        root = ports.files.host_path("/workspace")
    except FilesError:
        root = ports.workspace.root
    runner = CheckRunner(ports.shell, gate, ports.config, ports.grammar, root, ports.files)
    return TurnChecks(runner, ports.files, ports.progress)


def changed_paths(recorder: RecordingFiles | None, calls: Sequence[ToolCallRecord]) -> list[str]:
    """The workspace-relative files the turn changed: as its checkpoint recorded them, else as its edit calls
    name them."""
    paths = recorder.changed if recorder is not None else touched_paths(
        (call.name, call.arguments) for call in calls if call.name in EDIT_TOOLS and not call.result.is_error)
    return list(dict.fromkeys(path.removeprefix("/workspace/") for path in paths))
