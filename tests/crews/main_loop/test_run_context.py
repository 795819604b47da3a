from orkeon_engine.crews.main_loop.run_context import run_context_report
from orkeon_engine.domain.session.session import BufferEntry
from tests.support.doubles.fake_shell import FakeShell
from tests.support.main_loop_turns import set_up_turn


async def test_the_context_report_measures_every_part_of_the_next_prompt():
    deps, model, ports = await set_up_turn()
    await deps.session.append(BufferEntry("user", "q" * 4_000), BufferEntry("assistant", "a"))

    report = await run_context_report(ports)

    parts = dict(report.parts)
    assert list(parts)[0] == "header" and "history" in parts and parts["history"] > 1_000
    assert report.history_tokens == 1_001 and report.gauge.tier == "ok" and model.requests == []


async def test_the_context_report_reads_the_git_status_and_the_file_list_once():
    deps, model, ports = await set_up_turn(shell=FakeShell())

    await run_context_report(ports)

    assert ports.shell.commands() == ["git status --short --branch",
                                      "git ls-files --cached --others --exclude-standard"]


async def test_the_gauge_counts_the_tool_definitions_sent_beside_the_prompt():
    deps, model, ports = await set_up_turn()

    report = await run_context_report(ports)

    assert dict(report.parts)["tool definitions"] > 1_000
    assert report.gauge.used > sum(tokens for _, tokens in report.parts)
