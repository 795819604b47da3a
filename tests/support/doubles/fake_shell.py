"""FakeShell: the Shell port answering from `results` by command line, or from `answer` when it is set (a
function of the command line: a result that depends on what the test's files hold); `runs` records every
call."""

from __future__ import annotations

from collections.abc import Callable

from orkeon_engine.ports.shell import DEFAULT_MAX_OUTPUT_BYTES, ShellError, ShellResult


class FakeShell:
    def __init__(self, results: dict[str, ShellResult] | None = None) -> None:
        self.results: dict[str, ShellResult] = dict(results or {})
        self.runs: list[tuple[str, float, int]] = []
        self.error: ShellError | BaseException | None = None
        """Raised by every run: a ShellError, or any other exception (a cancel) to test what follows."""
        self.answer: Callable[[str], ShellResult] | None = None
        """Decides every run's result from its command line, in place of `results`."""

    async def run(self, command: str, timeout: float, max_output_bytes: int = DEFAULT_MAX_OUTPUT_BYTES) -> ShellResult:
        self.runs.append((command, timeout, max_output_bytes))
        if self.error is not None:
            raise self.error
        if self.answer is not None:
            return self.answer(command)
        return self.results.get(command, ShellResult(command, 0, ""))

    def commands(self) -> list[str]:
        return [command for command, _, _ in self.runs]
