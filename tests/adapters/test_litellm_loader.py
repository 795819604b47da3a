"""Loading litellm: once, quiet, in the background when asked, and a notice only when a command waits."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from orkeon_engine.adapters.litellm_loader import litellm_client, load_litellm, preload_litellm

ROOT = Path(__file__).resolve().parents[2]


def test_a_background_preload_loads_the_client_once_says_how_long_and_prints_nothing():
    script = textwrap.dedent("""
        import sys, threading
        from orkeon_engine.adapters.litellm_loader import loaded_litellm, preload_litellm
        said = []
        thread = threading.Thread(target=lambda: said.append(preload_litellm()))
        thread.start()
        thread.join()
        print(said[0], file=sys.stderr)
        print(preload_litellm(), file=sys.stderr)
        print("loaded:", loaded_litellm() is not None, file=sys.stderr)
    """)
    env = {**os.environ, "LITELLM_LOG": "DEBUG"}

    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, env=env,
                          timeout=300)

    lines = done.stderr.strip().splitlines()
    assert done.returncode == 0 and done.stdout == "", done.stderr
    assert lines[-3].startswith("the model client is loaded (") and lines[-3].endswith(" s, in the background)")
    assert lines[-2:] == ["the model client was loaded already", "loaded: True"]


async def test_a_client_already_loaded_is_handed_over_without_a_notice():
    load_litellm()
    notices = []

    client = await litellm_client(notices.append)

    assert client is load_litellm() and notices == []
    assert preload_litellm() == "the model client was loaded already"
