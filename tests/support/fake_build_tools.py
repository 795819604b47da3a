"""Fake pip and cmake for the local model's set-up tests, run as the adapter runs the real ones.

`python -m tests.support.fake_build_tools pip INDEX download ... -d FOLDER [--no-binary X] REQ...` copies, for
each requirement, the files of INDEX whose name starts with its normalised name and a dash into FOLDER, and
appends the requirement to INDEX/requests.log; a requirement INDEX has nothing for fails (exit 1), as pip does.
With a file INDEX/slow it first writes its pid to INDEX/pid and waits 60 s (a download long enough to stop).

`python -m tests.support.fake_build_tools cmake -S SRC -B BUILD ...` makes BUILD; `... cmake --build BUILD
...` prints the `[ NN%]` lines of a build and writes BUILD/bin/llama-server, unless SRC's CMakeLists.txt holds
the word `broken` (then it fails with exit 2).
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path


def pip(argv: list[str]) -> int:
    index, rest = Path(argv[0]), argv[1:]
    folder = Path(rest[rest.index("-d") + 1])
    skip = {rest.index("-d"), rest.index("-d") + 1}
    if "--no-binary" in rest:
        skip |= {rest.index("--no-binary"), rest.index("--no-binary") + 1}
    requirements = [word for number, word in enumerate(rest) if number not in skip and not word.startswith("-")
                    and word != "download"]
    folder.mkdir(parents=True, exist_ok=True)
    if (index / "slow").exists():
        (index / "pid").write_text(str(os.getpid()), encoding="utf-8")
        time.sleep(60)
    for requirement in requirements:
        with open(index / "requests.log", "a", encoding="utf-8") as log:
            log.write(requirement + "\n")
        name = requirement.split("==")[0].replace("-", "_").lower()
        found = [path for path in index.iterdir() if path.name.lower().startswith(name + "-")]
        if not found:
            print(f"ERROR: No matching distribution found for {requirement}", file=sys.stderr)
            return 1
        for path in found:
            shutil.copy(path, folder / path.name)
    return 0


def cmake(argv: list[str]) -> int:
    if "--build" in argv:
        build = Path(argv[argv.index("--build") + 1])
        source = Path((build / "source").read_text(encoding="utf-8"))
        if "broken" in (source / "CMakeLists.txt").read_text(encoding="utf-8"):
            print("error: the source does not compile", flush=True)
            return 2
        for done in (3, 10, 27, 50, 51, 75, 99, 100):
            print(f"[{done:3d}%] Building CXX object step{done}.o", flush=True)
        (build / "bin").mkdir(parents=True, exist_ok=True)
        (build / "bin" / "llama-server").write_text("#!/bin/sh\n", encoding="utf-8")
        return 0
    source, build = Path(argv[argv.index("-S") + 1]), Path(argv[argv.index("-B") + 1])
    build.mkdir(parents=True, exist_ok=True)
    (build / "source").write_text(str(source), encoding="utf-8")
    (build / "flags").write_text("\n".join(argv), encoding="utf-8")
    return 0


if __name__ == "__main__":
    tool, *args = sys.argv[1:]
    sys.exit(pip(args) if tool == "pip" else cmake(args))
