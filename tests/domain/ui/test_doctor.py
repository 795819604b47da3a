from orkeon_engine.domain.ui.doctor import Check, GrammarStatus, git_check, grammars_check, python_check, summary


def test_a_recent_python_passes_and_an_old_one_says_which_to_install():
    assert python_check((3, 12, 1), "/usr/bin/python3").ok
    old = python_check((3, 10, 4), "/usr/bin/python3")
    assert not old.ok and old.fix.startswith("install Python 3.11 or later")


def test_a_missing_git_fails_with_the_fix():
    check = git_check(None)

    assert not check.ok and "install git" in check.fix


def test_grammars_pass_when_every_one_loads_and_name_the_broken_ones_otherwise():
    assert grammars_check([GrammarStatus("python", True)]).detail == "python load"
    broken = grammars_check([GrammarStatus("python", True), GrammarStatus("go", False, "no module")])
    assert not broken.ok and broken.detail == "go: no module" and "tree-sitter-go" in broken.fix


def test_the_summary_names_the_failed_checks():
    checks = [Check.passed("python", "3.11"), Check.failed("git", "missing", "install git")]

    assert summary(checks) == "1 of 2 checks failed: git."
    assert summary(checks[:1]) == "All 1 checks pass."
