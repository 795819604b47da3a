import sys

from orkeon_engine.adapters.host_probe import GRAMMARS, HostSystemProbe
from orkeon_engine.adapters.tree_sitter_symbols import supported_languages


def test_python_is_the_running_interpreter():
    version, executable = HostSystemProbe().python()

    assert version[:2] == sys.version_info[:2] and executable == sys.executable


async def test_git_reports_its_version():
    assert (await HostSystemProbe().git_version()).startswith("git version")


async def test_a_git_that_cannot_run_is_none():
    assert await HostSystemProbe(git="/nonexistent/git").git_version() is None


async def test_every_grammar_of_the_dependencies_loads():
    found = await HostSystemProbe().grammars()

    assert [(g.language, g.loaded) for g in found] == [(name, True) for name, _, _ in GRAMMARS]


async def test_a_grammar_package_that_is_missing_is_reported_with_the_reason():
    probe = HostSystemProbe(grammars=(("cobol", "tree_sitter_cobol_missing", "language"),))

    (status,) = await probe.grammars()

    assert not status.loaded and "tree_sitter_cobol_missing" in status.detail


def test_the_probe_checks_every_language_the_code_index_parses():
    assert sorted(name for name, _, _ in GRAMMARS) == sorted(supported_languages())


def test_a_program_on_the_path_is_found_and_one_that_is_not_is_none(tmp_path):
    program = tmp_path / "mytool"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    probe = HostSystemProbe(path=str(tmp_path))

    assert (probe.find_program("mytool"), probe.find_program("pytst")) == (str(program), None)
