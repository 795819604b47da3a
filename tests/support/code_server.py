"""code-server (VS Code's own workbench, served to a browser) for the real-editor e2e: the .vsix that `make
vsix` packs installed with `code-server --install-extension`, private user data, settings and extensions
folders, the workspace folder opened, listening on a loopback port without auth.

`make vscode-e2e` installs code-server and playwright-core into editors/vscode/e2e/node_modules
(editors/vscode/e2e/install.sh); `missing()` says which part is not there, so the test fails naming the
make target instead of a traceback.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
VSCODE = ROOT / "editors" / "vscode"
E2E = VSCODE / "e2e"
CODE_SERVER = E2E / "node_modules" / "code-server" / "out" / "node" / "entry.js"
PLAYWRIGHT = E2E / "node_modules" / "playwright-core" / "package.json"
DRIVER = E2E / "drive.js"
CHROMIUM = Path("/usr/bin/chromium")
LISTENING = re.compile(r"HTTP server listening on (http://127\.0\.0\.1:\d+/)")

# The workbench as a person who has just installed it would not want it: no welcome page, no tips, no
# telemetry, no update or recommendation prompts, no trust question, nothing saved behind the test's back.
WORKBENCH_SETTINGS: dict[str, Any] = {
    "workbench.startupEditor": "none",
    "workbench.tips.enabled": False,
    "workbench.enableExperiments": False,
    "telemetry.telemetryLevel": "off",
    "update.mode": "none",
    "extensions.autoCheckUpdates": False,
    "extensions.autoUpdate": False,
    "extensions.ignoreRecommendations": True,
    "security.workspace.trust.enabled": False,
    "files.autoSave": "off",
    "git.autofetch": False,
    "chat.commandCenter.enabled": False,
    "window.commandCenter": False,
}


def vsix() -> Path:
    """The .vsix `make vsix` writes: orkeon-<version>.vsix, named after package.json."""
    manifest = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    return VSCODE / f"{manifest['name']}-{manifest['version']}.vsix"


def missing() -> list[str]:
    """What the e2e needs and does not find, each with the way to get it; empty when all is there."""
    found = []
    if shutil.which("node") is None:
        found.append("node (Node.js 20, as for make test)")
    if not CODE_SERVER.is_file() or not PLAYWRIGHT.is_file():
        found.append(f"code-server and playwright-core in {E2E / 'node_modules'} (run `make vscode-e2e`)")
    if not vsix().is_file():
        found.append(f"{vsix()} (run `make vsix`)")
    if not CHROMIUM.is_file():
        found.append(f"{CHROMIUM} (Debian's chromium package; `make vscode-e2e-tools` installs it as root)")
    return found


@dataclass
class CodeServer:
    """A running code-server: its URL, the folder it opened, its log."""

    url: str
    folder: Path
    log: Path

    def folder_url(self) -> str:
        return f"{self.url}?folder={self.folder}"


def _node_env(base: Mapping[str, str]) -> dict[str, str]:
    return {key: value for key, value in base.items() if not key.startswith(("VSCODE_", "ELECTRON_"))}


def install_extension(home: Path, env: Mapping[str, str]) -> Path:
    """Installs the .vsix in a private extensions folder; that folder."""
    extensions = home / "extensions"
    done = subprocess.run(
        ["node", str(CODE_SERVER), "--user-data-dir", str(home / "user-data"), "--extensions-dir",
         str(extensions), "--config", str(_config(home)), "--install-extension", str(vsix()), "--force"],
        env=_node_env(env), capture_output=True, text=True, timeout=120)
    if done.returncode != 0 or "successfully installed" not in done.stdout:
        raise AssertionError(f"code-server --install-extension {vsix()} failed:\n{done.stdout}\n{done.stderr}")
    return extensions


def _config(home: Path) -> Path:
    config = home / "code-server.yaml"
    if not config.exists():
        home.mkdir(parents=True, exist_ok=True)
        config.write_text("bind-addr: 127.0.0.1:0\nauth: none\ncert: false\n", encoding="utf-8")
    return config


@contextmanager
def code_server(home: Path, folder: Path, settings: Mapping[str, Any], env: Mapping[str, str],
                timeout: float = 90) -> Iterator[CodeServer]:
    """code-server with the .vsix installed and these user settings, opened on `folder`; stopped on exit."""
    extensions = install_extension(home, env)
    user = home / "user-data" / "User"
    user.mkdir(parents=True, exist_ok=True)
    (user / "settings.json").write_text(json.dumps({**WORKBENCH_SETTINGS, **settings}, indent=2), encoding="utf-8")
    log = home / "code-server.log"
    with log.open("w", encoding="utf-8") as out:
        process = subprocess.Popen(
            ["node", str(CODE_SERVER), "--config", str(_config(home)), "--user-data-dir", str(home / "user-data"),
             "--extensions-dir", str(extensions), "--disable-telemetry", "--disable-update-check",
             "--disable-workspace-trust", "--disable-getting-started-override", "--ignore-last-opened",
             str(folder)],
            env=_node_env(env), stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        yield CodeServer(_wait_for_url(process, log, timeout), folder, log)
    finally:
        _stop(process)


def _wait_for_url(process: subprocess.Popen[bytes], log: Path, timeout: float) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = log.read_text(encoding="utf-8", errors="replace")
        found = LISTENING.search(text)
        if found:
            return found.group(1)
        if process.poll() is not None:
            raise AssertionError(f"code-server ended with {process.returncode} before listening:\n{text}")
        time.sleep(0.1)
    raise AssertionError(f"code-server did not listen within {timeout:.0f} s:\n{log.read_text(errors='replace')}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Ends code-server and what it started (the extension host, the language server): its process group,
    which it leads (start_new_session), whether or not code-server itself is still running."""
    for signal_number in (15, 9):
        try:
            os.killpg(process.pid, signal_number)
        except ProcessLookupError:
            break
        try:
            process.wait(timeout=15)
            break
        except subprocess.TimeoutExpired:
            continue
