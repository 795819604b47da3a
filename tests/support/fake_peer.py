"""A fake of the eval's peers: a virtual environment folder whose `bin/aider` and `bin/mini` are small Python
scripts that record how they were called (argv, working folder, a few environment variables) to
`<working folder>/../<script>-call.json`, and act as the real ones would in outline:

- `aider --commit` commits what is staged with the message in `FAKE_AIDER_MESSAGE` (default
  "docs: add a usage section");
- `aider --chat-mode ask --message ...` writes `FAKE_AIDER_REPLY` as its answer to its chat history file;
- `aider --message ...` (code) and `mini` change nothing, or sleep `FAKE_PEER_SLEEP` seconds first.

The mini-swe-agent package's `config/mini.yaml` is there too, where the harness looks for it.
"""

from __future__ import annotations

import sys
from pathlib import Path

SCRIPT = '''#!{python}
import json, os, pathlib, subprocess, sys, time
argv = sys.argv[1:]
record = {{"argv": argv, "cwd": os.getcwd(), "env": {{k: os.environ.get(k) for k in
          ("HOME", "MSWEA_CONFIGURED", "MSWEA_COST_TRACKING", "OPENAI_API_KEY", "PATH")}}}}
pathlib.Path(os.getcwd()).parent.joinpath("{name}-call.json").write_text(json.dumps(record))
time.sleep(float(os.environ.get("FAKE_PEER_SLEEP", "0")))
if "{name}" == "aider" and "--commit" in argv:
    subprocess.run(["git", "commit", "-q", "-m", os.environ.get("FAKE_AIDER_MESSAGE", "docs: add a usage section")],
                   check=True)
elif "{name}" == "aider" and "--chat-mode" in argv:
    history = pathlib.Path(argv[argv.index("--chat-history-file") + 1])
    history.write_text("#### " + argv[argv.index("--message") + 1] + "\\n\\n> Tokens: 1k sent\\n\\n"
                       + os.environ.get("FAKE_AIDER_REPLY", "It is 8731.") + "\\n")
print("fake {name} done")
'''


def fake_venv(folder: Path) -> Path:
    """A folder laid out as a peer's virtual environment, holding the fake scripts."""
    bin_folder = folder / "bin"
    bin_folder.mkdir(parents=True)
    for name in ("aider", "mini"):
        script = bin_folder / name
        script.write_text(SCRIPT.format(python=sys.executable, name=name), encoding="utf-8")
        script.chmod(0o755)
    config = folder / "lib" / "python3.11" / "site-packages" / "minisweagent" / "config"
    config.mkdir(parents=True)
    (config / "mini.yaml").write_text("agent: {}\n", encoding="utf-8")
    return folder
