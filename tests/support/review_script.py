"""Scripted lens answers for the review tests: a model turn that answers according to the lens it is asked as."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

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


def by_lens(answers: Mapping[str, str], default: str = answer()) -> Callable[[Any], str]:
    """A turn answering with `answers[lens]` (else `default`) for the lens named in the request's system prompt."""

    def turn(request: Any) -> str:
        return answers.get(lens_of(request.system), default)

    return turn
