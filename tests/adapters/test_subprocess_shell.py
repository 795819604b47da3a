import asyncio
import os
import sys

import pytest

from orkeon_engine.adapters.subprocess_shell import CappedOutput, SubprocessShell
from orkeon_engine.ports.shell import ShellError


@pytest.fixture
def shell(tmp_path):
    (tmp_path / "a.txt").write_text("alpha\n")
    return SubprocessShell(tmp_path, os.environ)


async def test_a_command_runs_in_the_workspace_and_gives_its_output_and_exit_code(shell):
    result = await shell.run("cat a.txt && echo oops >&2 && exit 3", timeout=10)

    assert (result.exit_code, result.output, result.timed_out) == (3, "alpha\noops\n", False)


async def test_a_command_runs_under_bash_so_it_reads_the_line_as_the_gate_does(shell, tmp_path):
    result = await shell.run("ls &>/dev/null touch PWNED; echo $0", timeout=10)

    assert result.output.strip().endswith("bash") and not (tmp_path / "PWNED").exists()


async def test_no_profile_nor_rc_file_is_read(tmp_path):
    (tmp_path / ".bashrc").write_text("echo FROM-RC\n")
    (tmp_path / ".bash_profile").write_text("echo FROM-PROFILE\n")
    shell = SubprocessShell(tmp_path, {"PATH": os.environ["PATH"], "HOME": str(tmp_path)})

    result = await shell.run("echo ran", timeout=10)

    assert result.output == "ran\n"


async def test_a_command_reads_no_stdin(shell):
    result = await shell.run("cat", timeout=10)

    assert (result.exit_code, result.output) == (0, "")


async def test_a_command_past_its_timeout_is_stopped_with_its_output_so_far(shell):
    result = await shell.run("echo started; sleep 30", timeout=0.5)

    assert result.timed_out and result.exit_code is None and result.output == "started\n"


async def test_what_a_command_leaves_in_the_background_is_stopped(shell, tmp_path):
    result = await shell.run("(sleep 1; echo late > late.txt) & echo done", timeout=10)

    assert result.output == "done\n"
    await shell.run("sleep 1.5", timeout=10)
    assert not (tmp_path / "late.txt").exists()


async def test_a_long_output_keeps_its_head_and_tail_and_counts_the_rest(shell):
    result = await shell.run("seq 1 20000", timeout=10, max_output_bytes=200)

    total = sum(len(f"{n}\n") for n in range(1, 20001))
    assert result.output.startswith("1\n2\n3\n") and result.output.endswith("19999\n20000\n")
    assert result.omitted_bytes == total - 200
    assert f"[... {total - 200:,} bytes left out ...]" in result.output


async def test_a_workspace_that_is_gone_raises_shell_error(tmp_path):
    shell = SubprocessShell(tmp_path / "gone", os.environ)

    with pytest.raises(ShellError, match="cannot start"):
        await shell.run("ls", timeout=5)


def test_capped_output_under_the_cap_is_kept_whole():
    output = CappedOutput(10)
    output.add(b"abc")
    output.add(b"def")

    assert (output.text(), output.omitted) == ("abcdef", 0)


def test_capped_output_over_the_cap_keeps_both_ends():
    output = CappedOutput(4)
    for chunk in (b"ab", b"cdef", b"gh"):
        output.add(chunk)

    assert (output.omitted, output.text()) == (4, "ab\n[... 4 bytes left out ...]\ngh")


async def test_cancelling_the_caller_stops_the_command(shell, tmp_path):
    task = asyncio.create_task(shell.run("echo $$ > pid.txt; sleep 30", timeout=60))
    for _ in range(200):
        if (tmp_path / "pid.txt").exists() and (tmp_path / "pid.txt").read_text().strip():
            break
        await asyncio.sleep(0.02)
    pid = int((tmp_path / "pid.txt").read_text())

    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task

    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


async def test_a_key_in_the_environment_is_masked_in_what_a_command_prints(tmp_path):
    shell = SubprocessShell(tmp_path, {"PATH": os.environ["PATH"], "OPENAI_API_KEY": "abcd1234efgh5678"})

    result = await shell.run("echo key=$OPENAI_API_KEY; env", timeout=10)

    assert "abcd1234efgh5678" not in result.output and "key=***" in result.output


async def test_a_command_says_how_long_it_ran(shell):
    quick = await shell.run("true", 10)
    slow = await shell.run("sleep 0.3", 10)

    assert 0 <= quick.seconds < slow.seconds and slow.seconds >= 0.3


async def test_two_edits_of_one_size_in_one_second_each_run_as_written(tmp_path):
    """Python takes a cached .pyc as current by its source's size and whole-second mtime: `a * b`, then `a + b`
    written in the same second, must not run the first one's bytecode (commands write none)."""
    shell = SubprocessShell(tmp_path, {"PATH": os.environ["PATH"]})
    said = []
    for operator in ("*", "+"):
        (tmp_path / "calc.py").write_text(f"def add(a, b):\n    return a {operator} b\n")
        os.utime(tmp_path / "calc.py", (1_700_000_000, 1_700_000_000))  # the same second for both
        ran = await shell.run(f"{sys.executable} -c 'from calc import add; print(add(2, 3))'", timeout=60)
        said.append(ran.output.strip())

    assert said == ["6", "5"] and not (tmp_path / "__pycache__").exists()
