"""The VS Code extension in a real VS Code: code-server (VS Code's own workbench) with the .vsix that `make
vsix` packs installed, driven in Debian's chromium by playwright-core (editors/vscode/e2e/drive.js), the real
`orkeon-lsp` of this environment behind it (the `orkeon.server.command` setting) and the loopback stub model.

The workspace is a git repository whose staged change opens a file and never closes it. From the palette,
"Orkeon: Review staged changes" reviews it; the finding is in the Problems panel on its line; its quick fix
applies the suggestion, saved to disk; the assistant, asked to change cart.py, waits for the permission
question, a modal dialog holding the diff, answered Allow once; the status bar shows the mode and a click
changes it; a second review, whose model never answers, is cancelled from its progress notification.

The browser session runs once for the module (it takes about a minute); each test checks what one step saw.
A step that failed fails the tests that need it, naming the step, its error and the folder of screenshots
(one after each step, and of the step that failed). `make vscode-e2e` installs code-server and playwright-core.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.support.code_server import CHROMIUM, DRIVER, code_server, missing
from tests.support.stub_openai_server import StubOpenAIServer
from tests.support.temp_git import git, make_repo

pytestmark = pytest.mark.xdist_group("vscode")  # one browser, one code-server: the module's run on one worker

OLD = "def load(path):\n    return None\n"
NEW = "def load(path):\n    handle = open(path)\n    data = handle.read()\n    return data\n"
FIXED = "def load(path):\n    with open(path) as handle:\n        data = handle.read()\n    return data\n"
LEAK = {"path": "app.py", "line": 2, "end_line": 3, "quote": "    handle = open(path)", "severity": "high",
        "title": "The file is never closed", "detail": "Use a with block.",
        "replacement": "    with open(path) as handle:\n        data = handle.read()"}
SCRIPT = [
    {"content": json.dumps({"findings": [LEAK]})},  # the first review's one lens
    {"content": json.dumps({"before": "the change brought it"}), "when": "already had this problem"},  # its check
    {"tool_calls": [{"name": "file_write", "arguments": {"path": "cart.py", "content": "TAX = 0.21\n"}}],
     "content": None},
    {"content": "cart.py now sets TAX to 0.21."},
    {"hang": 60},  # the second review's lens: no answer until it is cancelled
]
GATE_ANSWERS = ["Allow once", "Allow for this session", "Always allow", "Deny"]
STEP_TIMEOUT_MS = 90_000
RUN_TIMEOUT_S = 900


@dataclass
class Run:
    """What the browser session saw, and where to look when it failed."""

    seen: dict[str, Any]
    steps: list[str]
    failed: str | None
    error: str
    shots: Path
    logs: list[Path]
    repo: Path
    requests: list[dict[str, Any]] = field(default_factory=list)

    def reached(self, step: str) -> dict[str, Any]:
        """What the session saw, once `step` has passed; otherwise this test fails saying why."""
        if step not in self.steps:
            where = "\n".join(f"  {path}" for path in self.logs)
            raise AssertionError(
                f"the VS Code session did not pass step {step!r}: it failed at {self.failed!r}: {self.error}\n"
                f"screenshots of each step: {self.shots}\nlogs:\n{where}")
        return self.seen


def _workspace(base: Path) -> Path:
    repo = make_repo(base / "repo", {"app.py": OLD, "cart.py": "TAX = 0.2\n"})
    (repo / "app.py").write_text(NEW, encoding="utf-8")
    git(repo, "add", "app.py")
    return repo


def _environment(base: Path, api_base: str) -> dict[str, str]:
    """code-server's environment, which the extension host and so orkeon-lsp inherit: this worktree's code
    first on the path, the stub as the model's server, private home and settings folders."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("ORKEON_")}
    home = base / "home"
    home.mkdir()
    env.update({"ORKEON_API_BASE": api_base, "HOME": str(home), "XDG_CONFIG_HOME": str(base / "xdg"),
                "XDG_DATA_HOME": str(base / "xdg-data"), "LITELLM_LOCAL_MODEL_COST_MAP": "True",
                "PYTHONPATH": os.pathsep.join(filter(None, [str(Path(__file__).resolve().parents[2]),
                                                            os.environ.get("PYTHONPATH")]))})
    return env


def _lsp_logs(user_data: Path) -> list[Path]:
    return sorted(user_data.glob("logs/*/exthost*/orkeon.orkeon/*.log"))


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    lacking = missing()
    if lacking:
        pytest.fail("the VS Code e2e needs: " + "; ".join(lacking), pytrace=False)
    base = tmp_path_factory.mktemp("vscode")
    repo = _workspace(base)
    shots = base / "screenshots"
    server = Path(sys.executable).with_name("orkeon-lsp")
    settings = {"orkeon.server.command": str(server), "orkeon.model": "openai/stub-model"}
    with StubOpenAIServer(SCRIPT) as stub:
        env = _environment(base, stub.url)
        with code_server(base / "code-server", repo, settings, env) as workbench:
            done = subprocess.run(
                ["node", str(DRIVER)], capture_output=True, text=True, timeout=RUN_TIMEOUT_S,
                env={**env, "ORKEON_E2E_URL": workbench.folder_url(), "ORKEON_E2E_SHOTS": str(shots),
                     "ORKEON_E2E_CHROMIUM": str(CHROMIUM), "ORKEON_E2E_TIMEOUT": str(STEP_TIMEOUT_MS)})
            logs = [workbench.log, *_lsp_logs(base / "code-server" / "user-data")]
        requests = list(stub.requests)
    lines = done.stdout.strip().splitlines()
    try:
        report = json.loads(lines[-1])
    except (IndexError, json.JSONDecodeError):
        report = {"steps": [], "seen": {}, "failed": "start",
                  "error": f"drive.js ended with {done.returncode} and no report:\n{done.stdout}\n{done.stderr}"}
    return Run(seen=report["seen"], steps=[step["name"] for step in report["steps"]], failed=report.get("failed"),
               error=report.get("error", ""), shots=shots, logs=logs, repo=repo, requests=requests)


def test_the_extension_starts_the_server_and_the_status_bar_shows_the_session(run):
    seen = run.reached("workbench")

    assert seen["statusBar"].strip() == "default · stub-model · $0"


def test_review_staged_changes_runs_from_the_palette_with_the_arguments_typed(run):
    seen = run.reached("palette-review")

    assert seen["paletteRows"].count("Orkeon: Review staged changes") == 1
    assert seen["input:Orkeon: /review"] == "Orkeon: /review"
    assert "app.py:2: high [correctness] The file is never closed" in seen["reviewOutput"]
    assert "2 +     handle = open(path)" in run.requests[0]["messages"][-1]["content"]  # the staged diff


def test_the_finding_is_in_the_problems_panel_on_its_line(run):
    seen = run.reached("problems")

    assert seen["problemText"].splitlines()[:4] == ["The file is never closed", "orkeon", "correctness",
                                                    "[Ln 2, Col 5]"]


def test_the_quick_fix_applies_the_suggestion_and_the_person_saves_it(run):
    seen = run.reached("quick-fix")

    assert seen["quickFixes"][1:] == ["Apply suggestion: The file is never closed", "Ask Orkeon to fix",
                                      "Dismiss: The file is never closed"]
    assert (run.repo / "app.py").read_text(encoding="utf-8") == FIXED


def test_the_permission_question_is_a_modal_dialog_with_the_diff_and_allow_once_edits_the_buffer(run):
    seen = run.reached("question")

    assert seen["questionMessage"] == "Allow file_write?"
    assert "-TAX = 0.2\n+TAX = 0.21" in seen["questionDetail"]
    assert sorted(seen["questionButtons"]) == sorted(GATE_ANSWERS)  # Deny closes it: no Cancel of VS Code's
    assert "cart.py now sets TAX to 0.21." in seen["assistantOutput"]
    assert seen["cartTabDirty"] is True and "TAX = 0.21" in seen["cartText"]
    assert (run.repo / "cart.py").read_text(encoding="utf-8") == "TAX = 0.2\n"  # the buffer, not yet saved


def test_the_status_bar_shows_the_mode_and_a_click_changes_it(run):
    seen = run.reached("mode")

    assert seen["modeBefore"].strip().startswith("default · stub-model · ")
    assert seen["modes"] == ["default", "acceptEdits", "bypassPermissions", "plan", "dontAsk"]
    assert seen["modeAfter"].strip().startswith("plan · stub-model · ")


def test_a_review_whose_model_never_answers_is_cancelled_from_its_progress_notification(run):
    seen = run.reached("cancel")

    assert "Orkeon /review" in seen["progress"]
    assert seen["cancelledOutput"].rstrip().endswith("> /review --lens correctness\ncancelled")
    assert len(run.requests) == 5  # the hanging request was sent, and nothing after it
