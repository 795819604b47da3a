"""bench/first_call.py runs both front ends against the stub and prints each first call beside the second."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RATIO = re.compile(r"^  ratio +(\d+\.\d+)x +\(goal: within 1\.2x; (within|over)\)$")


def test_the_first_call_benchmark_prints_its_ratio_for_the_server_and_the_prompt():
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "first_call.py"), "--think", "1",
                           "--model-seconds", "0.1"], cwd=ROOT, capture_output=True, text=True, timeout=600)

    lines = done.stdout.splitlines()
    assert done.returncode == 0, done.stderr
    assert [line for line in lines if not line.startswith(" ")][1:] == ["orkeon-lsp:", "orkeon prompt:"]
    assert len([line for line in lines if RATIO.match(line)]) == 2
