"""Scripted lens answers for the review tests: a model turn that answers according to the lens it is asked as,
and the before check's answer (`before`)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from orkeon_engine.crews.code_review import before_check

LENS = re.compile(r"single lens: ([a-z]+)")


def lens_of(system: str) -> str:
    found = LENS.search(system)
    return found.group(1) if found else ""


def finding(path: str, line: int, quote: str, severity: str = "medium", title: str = "a problem",
            **extra: Any) -> dict[str, Any]:
    return {"path": path, "line": line, "quote": quote, "severity": severity, "title": title,
            "detail": extra.pop("detail", "why it matters"), **extra}


def answer(*findings: dict[str, Any]) -> str:
    return json.dumps({"findings": list(findings)})


def before(had_it: bool = False) -> str:
    """The before check's answer: the code before the change had the problem too, or the change brought it."""
    return json.dumps({"before": before_check.HAD_IT if had_it else before_check.BROUGHT_IT})


def by_lens(answers: Mapping[str, str], default: str = answer()) -> Callable[[Any], str]:
    """A turn answering with `answers[lens]` (else `default`) for the lens named in the request's system prompt;
    asked the before check, it answers that the change brought the problem."""

    def turn(request: Any) -> str:
        if before_check.MARKERS["before or after"] in request.system:
            return before()
        return answers.get(lens_of(request.system), default)

    return turn
