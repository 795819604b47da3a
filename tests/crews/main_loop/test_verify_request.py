"""/verify's request: the change, the narrowest checks first, the playbooks, then the wider run, and the
three report headings; what is missing is said, never invented."""

from orkeon_engine.crews.main_loop.verify_request import build_verify_request
from orkeon_engine.domain.checks.change_checks import ChangeChecks, Playbook
from orkeon_engine.domain.checks.project_tooling import StatedCommand, Zone

ZONE = Zone(".", ("python",), ("pyproject.toml",), ("pytest",),
            (StatedCommand("test", "make test", "Makefile target 'test'"),), ("tests/test_cart.py",))


def test_the_narrow_checks_come_before_the_playbook_and_the_wider_run():
    checks = ChangeChecks(("shop/cart.py",), ("tests/test_cart.py",), (ZONE,),
                          (Playbook(".orkeon/verifiers/root.md", "## Steps\n1. `make test`"),))

    text = build_verify_request(checks)

    assert text.index("- tests/test_cart.py") < text.index(".orkeon/verifiers/root.md") \
        < text.index("Then the wider one") < text.index("- test: `make test`")


def test_the_report_has_the_three_headings_in_order():
    text = build_verify_request(ChangeChecks(("a.py",), (), (ZONE,)))

    assert "Report under exactly these headings, in this order: ## Passed, ## Failed, ## Not checked." in text


def test_without_a_nearest_test_or_a_stated_command_the_request_says_so():
    text = build_verify_request(ChangeChecks(("a.py",), (), ()))

    assert "no test file is named after a changed file" in text
    assert "the project states no test, lint, type check or build command" in text


def test_without_a_change_the_focus_is_what_is_checked():
    text = build_verify_request(ChangeChecks((), (), (ZONE,), focus="the totals"))

    assert "Git lists no changed file" in text and "The person also asks you to check this:\nthe totals" in text


def test_what_code_could_not_read_is_said():
    text = build_verify_request(ChangeChecks((), (), (), focus="x", notes=("git status failed (locked)",)))

    assert "Code could not read everything: git status failed (locked)." in text
