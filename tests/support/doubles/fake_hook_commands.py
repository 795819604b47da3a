"""FakeHookCommands: the HookCommands port answering from `results` by command line (exit 0, no output when
the command is not listed; a list answers run after run, its last answer kept); `runs` records every call
with the event read from its stdin."""

from __future__ import annotations

import json
from typing import Any

from orkeon_engine.domain.extensions.hooks import HookRun


class FakeHookCommands:
    def __init__(self, results: dict[str, HookRun | list[HookRun]] | None = None) -> None:
        self.results: dict[str, HookRun | list[HookRun]] = dict(results or {})
        self.runs: list[tuple[str, dict[str, Any], float]] = []

    async def run(self, command: str, stdin: str, timeout: float) -> HookRun:
        self.runs.append((command, json.loads(stdin), timeout))
        answer = self.results.get(command, HookRun(0))
        if isinstance(answer, list):
            return answer.pop(0) if len(answer) > 1 else answer[0]
        return answer

    def commands(self) -> list[str]:
        return [command for command, _, _ in self.runs]

    def events(self) -> list[str]:
        return [event["hook_event_name"] for _, event, _ in self.runs]
