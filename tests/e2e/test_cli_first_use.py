"""End to end: the small faults a person met trying Orkeon for the first time, each through the real `orkeon`
command line where they saw it: /summary's answer printed once, /resume naming a session by its first
request, `/agents general` shown as it is listed, /transcribe listing a file of /output once, and
/dev-batches --audit saying what it did (nothing relaunched, no DONE on gaps) and --close closing a batch
alone. The model is the loopback stub (or none); repositories and the speech server are real."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.dev_batches import SAVE_CODE, SAVE_TEST, WORK, commit_draft, python_path, shop_repository
from tests.support.speech import write_silence
from tests.support.stub_openai_server import StubOpenAIServer
from tests.support.temp_git import git

ROOT = Path(__file__).resolve().parents[2]
REQUEST = "what does app.py do?\nand why so short?"
ANSWER = "app.py prints hello."


def orkeon(cwd: Path, *args: str, home: Path, stub: StubOpenAIServer | None = None) -> subprocess.CompletedProcess[str]:
    """`orkeon ARGS` in `cwd` with no terminal; its model the stub when one is given, else none configured."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ORKEON_")}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), LITELLM_LOCAL_MODEL_COST_MAP="True",
               PYTHONPATH=str(ROOT), PATH=python_path())
    if stub is not None:
        env.update(ORKEON_MODEL="openai/stub-model", ORKEON_API_BASE=stub.url)
    return subprocess.run([sys.executable, "-m", "orkeon_engine.cli", *args], cwd=cwd, env=env, input="",
                          capture_output=True, text=True, timeout=180)


@pytest.fixture
def talked(tmp_path: Path) -> tuple[Path, Path]:
    """A folder whose current session holds one turn of the assistant, and the home folder of its runs."""
    folder, home = tmp_path / "app", tmp_path / "home"
    folder.mkdir()
    (folder / "app.py").write_text("print('hello')\n", encoding="utf-8")
    with StubOpenAIServer([{"content": ANSWER}]) as stub:
        done = orkeon(folder, "assistant", REQUEST, home=home, stub=stub)
    assert done.returncode == 0 and ANSWER in done.stdout, done.stderr
    return folder, home


def test_summary_prints_its_answer_once(talked):
    folder, home = talked
    with StubOpenAIServer([{"content": "Where things stand: app.py was explained."}]) as stub:
        done = orkeon(folder, "summary", home=home, stub=stub)

    assert done.returncode == 0, done.stderr
    assert done.stdout.count("Where things stand: app.py was explained.") == 1, done.stdout


def test_resume_names_a_session_by_its_first_request_when_listing_and_loading_it(talked):
    folder, home = talked
    first = re.search(r"^session\s+([0-9a-f]+) ", orkeon(folder, "status", home=home).stdout, re.MULTILINE)
    assert first
    orkeon(folder, "--new", "status", home=home)

    listed = orkeon(folder, "resume", home=home)
    loaded = orkeon(folder, "resume", first.group(1), home=home)
    exported = orkeon(folder, "export", "chat.md", home=home)

    row = next(line for line in listed.stdout.splitlines() if first.group(1) in line)
    assert row.rstrip().endswith("what does app.py do?"), listed.stdout
    assert f"resumed {first.group(1)} (what does app.py do?, 2 entries)" in loaded.stdout, loaded.stdout
    assert exported.returncode == 0, exported.stderr
    assert (folder / "chat.md").read_text(encoding="utf-8").startswith("# what does app.py do?\n")


def test_agents_general_shows_the_charter_listed_beside_the_others(tmp_path):
    listed = orkeon(tmp_path, "agents", home=tmp_path / "home")
    shown = orkeon(tmp_path, "agents", "general", home=tmp_path / "home")

    assert "`general`" in listed.stdout
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("general: Does one bounded part of its parent's task")
    assert "mode: its parent's (this session's now: default (fallback))" in shown.stdout
    assert "budget: 100 tool calls, 900 s, 400,000 context tokens" in shown.stdout


def test_transcribe_lists_a_file_of_output_once(tmp_path):
    folder = tmp_path / "talks"
    (folder / "meetings").mkdir(parents=True)
    (folder / ".orkeon" / "local" / "output").mkdir(parents=True)
    write_silence(folder / "meetings" / "monday.wav")
    write_silence(folder / ".orkeon" / "local" / "output" / "say-1.wav")

    done = orkeon(folder, "transcribe", home=tmp_path / "home")

    assert done.returncode == 0, done.stderr
    rows = [line.split()[0] for line in done.stdout.splitlines() if ".wav" in line]
    assert rows == ["/workspace/meetings/monday.wav", "/output/say-1.wav"], done.stdout
    assert "2 audio files." in done.stdout


def test_dev_batches_audit_on_gaps_relaunches_nothing_and_does_not_end_done(tmp_path):
    repo = shop_repository(tmp_path / "shop")  # F1 planned, nothing of it written: its tests do not exist

    done = orkeon(repo, "dev-batches", "cart-save", "F1", "--gate-only", home=tmp_path / "home")

    assert done.returncode == 0, done.stderr
    assert "relaunched" not in done.stdout.replace("not relaunched", ""), done.stdout
    assert "batches cart-save: GAPS — F1 audited: GAPS (1 of 3), not relaunched; /dev-batches cart-save F1 " \
           "relaunches it with its correction (1 row)" in done.stdout
    state = (repo / WORK / "batches-state.md").read_text(encoding="utf-8")
    assert "### F1 · gaps" in state and "F1 · audit 1 GAPS: 1 row kept as the correction of its next launch" in state


def test_dev_batches_close_commits_a_valid_batch_whose_close_stopped(tmp_path):
    repo, home = shop_repository(tmp_path / "shop"), tmp_path / "home"
    (repo / "shop" / "saved.py").write_text(SAVE_CODE, encoding="utf-8")
    (repo / "tests" / "test_saved.py").write_text(SAVE_TEST, encoding="utf-8")
    audited = orkeon(repo, "dev-batches", "cart-save", "F1", "--gate-only", home=home)  # no model: no commit message
    assert "F1 is VALID but was not committed" in audited.stdout, audited.stdout + audited.stderr

    with StubOpenAIServer([{"content": commit_draft()}]) as stub:
        closed = orkeon(repo, "dev-batches", "cart-save", "F1", "--close", home=home, stub=stub)
        asked = [json.dumps(request["messages"]) for request in stub.requests]

    assert closed.returncode == 0, closed.stderr
    assert "batches cart-save: DONE — F1 closed" in closed.stdout, closed.stdout
    assert git(repo, "log", "-1", "--format=%s").strip() == "feat(cart): add saving a cart"
    assert "Status: done" in (repo / WORK / "sheets" / "F1.md").read_text(encoding="utf-8")
    assert len(asked) == 1  # the commit message alone: no review, no launch, no audit


def test_dev_batches_close_refuses_a_batch_whose_last_audit_found_gaps(tmp_path):
    repo, home = shop_repository(tmp_path / "shop"), tmp_path / "home"
    orkeon(repo, "dev-batches", "cart-save", "F1", "--gate-only", home=home)

    refused = orkeon(repo, "dev-batches", "cart-save", "F1", "--close", home=home)

    assert refused.returncode == 1
    assert f"F1's last audit is GAPS ({WORK}/verdicts/F1.md): --close commits a batch whose audit is VALID" \
           in refused.stderr, refused.stderr
    assert "Traceback" not in refused.stderr
