"""One launch over the scripted model in a real repository with a real pytest suite: a GREEN that the
project's tests still refute after its corrections stops the launch, and the cycle is not counted done."""

from __future__ import annotations

from orkeon_engine.commands.dev.batch_wiring import batches_ports
from orkeon_engine.crews.dev_implement.run import IMPLEMENT_TOOLS, LaunchPorts, LaunchRequest, run_launch
from orkeon_engine.domain.dev.batches_state import BatchRecord
from orkeon_engine.services.work_folder import WorkFolder
from tests.support.dev_batches import F1, SAVE_TEST, shop_engine, shop_repository, write
from tests.support.scripted_chat_model import ScriptedChatModel

WRONG = "def save(lines):\n    return lines\n"


async def _launch(root, model):
    engine = await shop_engine(root, model)
    saves = []

    async def save(record, log):
        saves.append((record, tuple(log)))

    try:
        deps = engine.deps.for_run("dev-batches")
        ports = await batches_ports(deps, await WorkFolder.open(deps.config, deps.files))
        launch = LaunchPorts(ports.step, ports.checks, ports.git, ports.files, tuple(ports.tools()), ports.root,
                             ports.left_out)
        outcome = await run_launch(LaunchRequest(F1, "# Sheet F1\n", BatchRecord("F1", "running", launches=1)),
                                   launch, save)
        return outcome, saves
    finally:
        engine.close()


async def test_a_green_still_refuted_after_its_corrections_stops_the_launch(tmp_path):
    root = shop_repository(tmp_path / "shop")
    model = ScriptedChatModel([*write("tests/test_saved.py", SAVE_TEST), *write("shop/saved.py", WRONG),
                               "I think it is right", "still right"])

    outcome, saves = await _launch(root, model)

    assert "GREEN stopped: `python -m pytest -q tests/test_saved.py` still fails" in outcome.stopped
    assert outcome.record.cycles_done == 0 and outcome.record.cycles == 1
    assert "Code checked your GREEN" in model.requests[-1].last_user_text
    assert [log for _, log in saves] == [("cycle 1 · RED failed as it must (python -m pytest -q tests/test_saved.py)",)]


async def test_the_implement_role_is_offered_its_read_write_and_check_tools(tmp_path):
    root = shop_repository(tmp_path / "shop")
    model = ScriptedChatModel([*write("tests/test_saved.py", SAVE_TEST), *write("shop/saved.py", WRONG),
                               "no", "no"])

    await _launch(root, model)

    offered = model.requests[0].tool_names
    assert offered == [name for name in IMPLEMENT_TOOLS if name in offered]
    assert {"file_write", "node_replace", "edit_batch", "run_tests", "run_build", "file_read"} <= set(offered)
