"""gather_change_checks over FakeFiles and FakeGit: the change, its nearest tests, the zones' commands and
playbooks, and notes for what cannot be read."""

from orkeon_engine.domain.git.git import StatusEntry
from orkeon_engine.ports.git import GitError
from orkeon_engine.services.change_checks import gather_change_checks
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_git import FakeGit

PROJECT = {
    "pyproject.toml": "[tool.pytest.ini_options]\ntestpaths = ['tests']\n",
    "Makefile": "test:\n\tpytest\nlint:\n\truff check .\n",
    "shop/cart.py": "def total(): ...\n",
    "tests/test_cart.py": "def test_total(): ...\n",
    "tests/test_orders.py": "def test_orders(): ...\n",
    ".orkeon/verifiers/root.md": "## Steps\n1. `make test`\n",
}


def changes(*paths, code=" M"):
    return FakeGit([StatusEntry(path, code) for path in paths])


async def test_the_change_its_nearest_test_the_zones_commands_and_its_playbook_are_gathered():
    checks = await gather_change_checks(FakeFiles(PROJECT), changes("shop/cart.py"), " the totals ")

    assert checks.changed == ("shop/cart.py",) and checks.nearest_tests == ("tests/test_cart.py",)
    assert [c.command for c in checks.zones[0].commands if c.kind in ("test", "lint")] == ["make test", "make lint"]
    assert [(book.path, book.text) for book in checks.playbooks] == [(".orkeon/verifiers/root.md",
                                                                      "## Steps\n1. `make test`\n")]
    assert checks.focus == "the totals"


async def test_orkeons_own_folders_and_deleted_files_are_not_the_change():
    git = FakeGit([StatusEntry(".orkeon/work/x/spec.md", "??"), StatusEntry("old.py", " D"),
                   StatusEntry("shop/cart.py", " M")])

    checks = await gather_change_checks(FakeFiles(PROJECT), git)

    assert checks.changed == ("shop/cart.py",)


async def test_a_long_playbook_is_cut():
    checks = await gather_change_checks(FakeFiles({**PROJECT, ".orkeon/verifiers/root.md": "x" * 9000}), changes())

    assert len(checks.playbooks[0].text) < 4100 and checks.playbooks[0].text.endswith("is cut]")


async def test_outside_a_git_repository_the_change_is_unknown_and_said_so():
    checks = await gather_change_checks(FakeFiles(PROJECT), None, "the totals")

    assert checks.changed == () and "not in a git repository" in checks.notes[0]


async def test_a_failing_git_status_is_a_note():
    git = changes()
    git.fail["status"] = GitError("git status", "index locked")

    checks = await gather_change_checks(FakeFiles(PROJECT), git)

    assert checks.notes == ("git status failed (git status: index locked)",)
