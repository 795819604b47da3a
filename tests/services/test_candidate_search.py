"""The search for a change that passes over the fakes: what the model is shown, where each candidate is tried
(a scratch copy, put back between candidates, closed at the end), which one wins, and the winner put to the
gate as one edit."""

from __future__ import annotations

import dataclasses

from orkeon_engine.domain.checks.candidates import Candidate
from orkeon_engine.domain.checks.project_tooling import detect_zones
from orkeon_engine.domain.checks.turn_checks import CheckOutcome, TurnCheck
from orkeon_engine.domain.tool_call import Verdict
from orkeon_engine.ports.scratch_copies import ScratchError
from orkeon_engine.ports.shell import ShellResult
from orkeon_engine.services.candidate_search import SearchPorts, WinnerPorts, put_to_gate, search_candidates
from orkeon_engine.services.turn_checks import CheckRunner, ProjectTests
from orkeon_engine.tools.file_write import FileWriteTool
from orkeon_engine.tools.read_ledger import ReadLedger
from tests.support.bash_grammar import BASH_GRAMMAR
from tests.support.deps import make_deps
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_permission_gate import FakePermissionGate
from tests.support.doubles.fake_scratch_copies import FakeScratchCopies

SLUGS = "function slugify(text) {\n  return text.toUpperCase().replace(/ /g, '-');\n}\nmodule.exports = { slugify };\n"
TEST = "const { slugify } = require('../slugs');\ntest('lower', () => { assert.equal(slugify('A B'), 'a-b'); });\n"
PACKAGE = '{"name": "slugs", "scripts": {"test": "node --test"}}'
FILES = {"package.json": PACKAGE, "slugs.js": SLUGS, "test/slugs.test.js": TEST, "README.md": "# slugs\n"}
FAILING = CheckOutcome(TurnCheck("npm test"), "failed", 1,
                       "not ok 1 - lower\n  at Object.<anonymous> (/home/me/slugs/test/slugs.test.js:2:40)\n# fail 1")
RIGHT = "slugs.js\n```javascript\n" + SLUGS.replace("toUpperCase", "toLowerCase") + "```"
WRONG = "slugs.js\n```javascript\n" + SLUGS.replace("toUpperCase()", "trim()") + "```"


def _project() -> ProjectTests:
    paths = tuple(FILES)
    return ProjectTests(tuple(detect_zones(paths, {"package.json": PACKAGE})), paths)


class _Model:
    def __init__(self, *replies: str) -> None:
        self.replies = list(replies)
        self.asked: list[tuple[str, str, float]] = []

    async def __call__(self, system: str, user: str, temperature: float) -> str:
        self.asked.append((system, user, temperature))
        return self.replies.pop(0)


def _passes_when_lowered(command: str, files: FakeFiles) -> ShellResult:
    fixed = "toLowerCase" in files.texts.get("/workspace/slugs.js", "")
    return ShellResult(command, 0 if fixed else 1, "# pass 1" if fixed else "not ok 1 - lower\n# fail 1")


async def _ports(model: _Model, check=_passes_when_lowered, gate: FakePermissionGate | None = None,
                 files: dict[str, str] = FILES):
    workspace = FakeFiles({f"/workspace/{path}": text for path, text in files.items()})
    scratch = FakeScratchCopies(source=workspace, check=check)
    deps = await make_deps(vfs=workspace)
    runner = CheckRunner(scratch, gate or FakePermissionGate(), deps.config, BASH_GRAMMAR)  # the shell: each copy's
    return SearchPorts(model, workspace, scratch, runner), workspace, scratch


async def test_the_module_a_failing_javascript_test_requires_is_shown_and_never_the_test():
    model = _Model(RIGHT)
    ports, _, _ = await _ports(model)

    await search_candidates(ports, _project(), "the tests fail, fix it", FAILING, (), 2)

    shown = model.asked[0][1]
    assert "slugs.js\n```javascript\nfunction slugify(text) {" in shown and "require('../slugs')" not in shown
    assert "not ok 1 - lower" in shown and model.asked[0][2] == 0.0


async def test_a_failing_python_test_is_shown_as_its_file_defines_it_beside_its_failure():
    pricing = "def tags(name, extra=[]):\n    extra.extend(name.lower().split())\n    return extra\n"
    test = ("from pricing import tags\n\n\ndef test_fresh():\n    first = tags('Red Shoe')\n"
            "    assert tags('Red Shoe') == first\n")
    files = {"pricing.py": pricing, "tests/test_pricing.py": test}
    failing = CheckOutcome(TurnCheck("python -m pytest", ("tests/test_pricing.py",)), "failed", 1,
                           "E   AssertionError\nFAILED tests/test_pricing.py::test_fresh - AssertionError\n1 failed")
    model = _Model("no change", "no change")
    ports, _, _ = await _ports(model, files=files)
    project = ProjectTests(tuple(detect_zones(tuple(files), {})), tuple(files), {"tests/test_pricing.py": test})

    await search_candidates(ports, project, "fix it", failing, (), 2)

    shown = model.asked[0][1]
    assert "tests/test_pricing.py::test_fresh\n```python\ndef test_fresh():\n    first = tags('Red Shoe')" in shown
    assert "pricing.py\n```python\ndef tags(name, extra=[]):" in shown


async def test_the_first_candidate_that_passes_wins_and_nothing_of_the_search_touches_the_workspace():
    model = _Model(WRONG, RIGHT, "never asked")
    ports, workspace, scratch = await _ports(model)

    found = await search_candidates(ports, _project(), "fix it", FAILING, (), 3)

    assert found.winner is not None and "toLowerCase" in found.winner.texts["slugs.js"]
    assert (found.asked, found.tried, len(model.replies)) == (2, 2, 1)
    assert workspace.writes == [] and (scratch.opened, scratch.closed) == (1, 1)
    assert scratch.copies[0].files.texts["/workspace/slugs.js"] == SLUGS  # put back after each candidate


async def test_a_javascript_function_written_alone_is_tried_in_its_whole_file():
    helpers = "".join(f"function helper{index}() {{\n  return {index};\n}}\n\n" for index in range(4))
    long_slugs = helpers + SLUGS
    model = _Model("The case is wrong:\n```javascript\nfunction slugify(text) {\n"
                   "  return text.toLowerCase().replace(/ /g, '-');\n}\n```\n")
    ports, _, _ = await _ports(model, files={**FILES, "slugs.js": long_slugs})

    found = await search_candidates(ports, _project(), "fix it", FAILING, (), 1)

    assert found.winner is not None
    assert found.winner.texts["slugs.js"] == long_slugs.replace("toUpperCase", "toLowerCase")


async def test_none_passing_keeps_the_closest_failure_and_the_same_change_is_tried_once():
    model = _Model(WRONG, WRONG)
    ports, _, scratch = await _ports(model)

    found = await search_candidates(ports, _project(), "fix it", FAILING, (), 2)

    assert found.winner is None and found.tried == 1 and "the same change as an earlier one" in found.notes[0]
    assert found.closest is not None and "# fail 1" in found.closest.failure and scratch.closed == 1


async def test_a_later_candidate_is_told_the_change_tried_and_how_its_check_failed():
    model = _Model(WRONG, "slugs.js\n```javascript\n" + SLUGS + "```", RIGHT)
    ports, _, _ = await _ports(model)

    found = await search_candidates(ports, _project(), "fix it", FAILING, (), 3)

    first, second, third = (user for _, user, _ in model.asked)
    assert "Tried change" not in first and second.startswith(first) and third.startswith(first)
    assert "Tried change 1:" in second and "+  return text.trim().replace(/ /g, '-');" in second
    assert "`npm test` then failed with:\nnot ok 1 - lower\n# fail 1" in second
    assert "An answer wrote the shown code back unchanged" in third and found.winner is not None


async def test_a_candidates_check_stops_after_ten_times_the_failing_checks_time_and_the_next_is_told():
    slow = dataclasses.replace(FAILING, seconds=30.0)

    def loops_for_ever_when_trimmed(command: str, files: FakeFiles) -> ShellResult:
        if "trim()" in files.texts["/workspace/slugs.js"]:
            return ShellResult(command, None, "# Subtest: lower", timed_out=True)
        return _passes_when_lowered(command, files)

    model = _Model(WRONG, RIGHT)
    ports, _, scratch = await _ports(model, check=loops_for_ever_when_trimmed)

    found = await search_candidates(ports, _project(), "fix it", slow, (), 2)

    assert [timeout for _, timeout, _ in scratch.copies[0].shell.runs] == [300.0, 300.0]
    assert "(stopped after 300 s)" in model.asked[1][1] and found.winner is not None


async def test_a_narrowed_check_is_followed_by_the_whole_suite_which_may_not_fail_anything_new():
    failing = CheckOutcome(TurnCheck("npm test -- test/slugs.test.js", ("test/slugs.test.js",)), "failed", 1,
                           "not ok 1 - lower\n# fail 1")

    def whole_fails_a_new_test(command: str, files: FakeFiles) -> ShellResult:
        if command == "npm test -- test/slugs.test.js":
            return _passes_when_lowered(command, files)
        broken = "toLowerCase" in files.texts["/workspace/slugs.js"]
        return ShellResult(command, 1, "not ok 1 - other\n# fail 1" if broken else "not ok 2 - old\n# fail 1")

    ports, _, _ = await _ports(_Model(RIGHT, RIGHT), check=whole_fails_a_new_test)
    found = await search_candidates(ports, _project(), "fix it", failing, (), 1)

    assert found.winner is None  # it passes its own test and breaks another: no winner


async def test_no_copy_means_no_candidate_asked_for():
    model = _Model(RIGHT)
    ports, _, scratch = await _ports(model)
    scratch.error = ScratchError("the workspace holds more than 20,000 files")

    found = await search_candidates(ports, _project(), "fix it", FAILING, (), 2)

    assert found.winner is None and model.asked == [] and "more than 20,000 files" in found.stopped


async def test_a_check_the_gate_refuses_in_the_copy_stops_the_search():
    gate = FakePermissionGate({"shell_command": Verdict.deny("nobody answered")})
    ports, _, _ = await _ports(_Model(RIGHT, RIGHT), gate=gate)

    found = await search_candidates(ports, _project(), "fix it", FAILING, (), 2)

    assert found.winner is None and found.asked == 1 and "did not run" in found.stopped


async def test_the_winner_goes_to_the_gate_as_one_edit_and_one_refusal_writes_nothing():
    files = FakeFiles({"/workspace/a.py": "A = 1\n", "/workspace/b.py": "B = 1\n"})
    gate = FakePermissionGate()
    gate.verdicts["file_write"] = Verdict.allow()
    winner = Candidate({"a.py": "A = 2\n", "b.py": "B = 2\n"})

    written = await put_to_gate(WinnerPorts(FileWriteTool(files, ReadLedger()), gate), winner)
    refusing = FakePermissionGate(default=Verdict.deny("the person said no"))
    untouched = FakeFiles({"/workspace/a.py": "A = 1\n", "/workspace/b.py": "B = 1\n"})
    refused = await put_to_gate(WinnerPorts(FileWriteTool(untouched, ReadLedger()), refusing), winner)

    assert [record.result.is_error for record in written] == [False, False] and len(gate.calls) == 2
    assert files.texts["/workspace/b.py"] == "B = 2\n"
    assert all(record.result.is_error for record in refused) and untouched.writes == []
    assert "the person said no" in refused[0].result.text
