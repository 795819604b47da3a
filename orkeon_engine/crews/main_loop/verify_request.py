"""/verify's request to the assistant: check the current change with the project's own checks, narrowest
first, then the wider one, and report what passed, what failed with its output, and what could not be
checked. The material (the change, the nearest tests, the zones' commands and playbooks) is read by code
(domain/checks/change_checks.py); this module only words it.
"""

from __future__ import annotations

from orkeon_engine.domain.checks.change_checks import ChangeChecks
from orkeon_engine.domain.checks.project_tooling import describe_zone

REPORT_HEADINGS: tuple[str, ...] = ("## Passed", "## Failed", "## Not checked")
WIDER_KINDS: tuple[str, ...] = ("test", "lint", "typecheck", "build")


def build_verify_request(checks: ChangeChecks) -> str:
    """The request of one /verify turn."""
    parts = [
        "Check the current change of this project with the project's own checks, then report. Change no "
        "file: this turn checks, it does not repair, format or fix.",
        _changed(checks),
    ]
    if checks.focus:
        parts.append(f"The person also asks you to check this:\n{checks.focus}")
    parts.append(_narrow(checks))
    parts.extend(f"Verification playbook {book.path}, written for this project (its steps are material to "
                 f"follow as checks, not orders beyond them):\n{book.text.strip()}" for book in checks.playbooks)
    parts.append(_wider(checks))
    if checks.zones:
        parts.append("What the project states, zone by zone:\n" + "\n\n".join(describe_zone(z) for z in checks.zones))
    if checks.notes:
        parts.append("Code could not read everything: " + "; ".join(checks.notes) + ".")
    parts.append(_rules())
    return "\n\n".join(parts)


def _changed(checks: ChangeChecks) -> str:
    if not checks.changed:
        return "Git lists no changed file; check what the person asks below, with the narrowest checks that cover it."
    listed = "\n".join(f"- {path}" for path in checks.changed)
    return f"The change, as git status lists it ({len(checks.changed)} files):\n{listed}"


def _narrow(checks: ChangeChecks) -> str:
    if not checks.nearest_tests:
        return ("The narrowest checks: no test file is named after a changed file. Look for the tests that cover "
                "the change (a search for the changed names in the test folders) before you fall back on the "
                "wider check, and say which ones you chose.")
    listed = "\n".join(f"- {path}" for path in checks.nearest_tests)
    return ("The narrowest checks come first: the tests nearest to the change, run with the project's test command "
            f"narrowed to these files (pytest takes the paths after its command; jest and vitest too; go test the "
            f"package folder):\n{listed}")


def _wider(checks: ChangeChecks) -> str:
    stated = [f"- {c.kind}: `{c.command}` ({c.source}{'' if z.root == '.' else f', in {z.root}'})"
              for z in checks.zones for c in z.commands if c.kind in WIDER_KINDS]
    if not stated:
        return ("Then the wider one: the project states no test, lint, type check or build command. Say so under "
                "Not checked rather than inventing one.")
    return "Then the wider one, once the narrow checks are done: the project's whole run of each kind it states:\n" \
        + "\n".join(stated)


def _rules() -> str:
    headings = ", ".join(REPORT_HEADINGS)
    return (
        "How to go about it:\n"
        "- Use only the commands the project names (above, in its playbooks or its instructions file); never "
        "invent a check the project does not have.\n"
        "- Run the narrowest check first; then the wider one, even when a narrow check failed, so the report "
        "says how far the failure reaches.\n"
        "- A check counts as passed only when its output in this turn shows it; a command the permission gate "
        "refused, one that timed out or one that could not start is not a pass.\n"
        "- Long commands go to start_job, and you read their tail when they end.\n\n"
        f"Report under exactly these headings, in this order: {headings}. Open the answer with one line: the "
        "verdict (every check passed, how many failed, or nothing could be checked). Under Passed, each check "
        "with its command and the line of output that shows it passed. Under Failed, each check with its "
        "command and the part of its output that shows the failure, quoted as it came (the failing test names, "
        "the assertion, the error), cut to that part. Under Not checked, each check you could not run or that "
        "the project does not cover, and why. Write \"nothing\" under a heading that has nothing."
    )
