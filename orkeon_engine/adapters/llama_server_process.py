"""LlamaServerProcess: one llama-server process serving one GGUF file on a loopback port, started, waited for
(its /health answers 200 once the model is loaded) and stopped. The local model's supervisor runs it, and so
does the eval (devtools/eval/server.py), so what the eval measures is what people are served."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import time
from pathlib import Path

from orkeon_engine.domain.model.local_model import CONTEXT_SIZE, HEALTH_WAIT_SECONDS, LocalModelError, server_arguments


def free_port() -> int:
    """A TCP port nothing listens on at this moment, on 127.0.0.1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def answers_health(origin: str, timeout: float = 2.0) -> bool:
    """Whether `origin`/health answers 200 (llama-server answers 503 while it loads the model)."""
    import urllib.request  # here: the engine's start does not pay for it

    with contextlib.suppress(OSError, ValueError), \
            urllib.request.urlopen(f"{origin}/health", timeout=timeout) as answer:
        return bool(answer.status == 200)
    return False


class LlamaServerProcess:
    """llama-server (or any program taking its arguments) serving `model` on 127.0.0.1:`port`."""

    def __init__(self, binary: Path, model: Path, log: Path, port: int | None = None, alias: str = "qwen",
                 threads: int = 2, context: int = CONTEXT_SIZE) -> None:
        self.binary, self.model, self.log = Path(binary), Path(model), Path(log)
        self.port = port or free_port()
        self.alias, self.threads, self.context = alias, threads, context
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, wait: float = HEALTH_WAIT_SECONDS) -> LlamaServerProcess:
        """Start it and wait for its health; LocalModelError when it ends first or does not answer in time
        (then it is stopped: no server is left behind, on a stop such as Ctrl-C either)."""
        self.log.parent.mkdir(parents=True, exist_ok=True)
        argv = [str(self.binary), *server_arguments(str(self.model), self.port, self.alias, self.threads,
                                                    self.context)]
        try:
            with open(self.log, "ab") as output:
                self.process = subprocess.Popen(argv, stdout=output, stderr=subprocess.STDOUT,
                                                stdin=subprocess.DEVNULL)
        except OSError as error:
            raise LocalModelError(f"llama-server could not be started ({error.strerror or error}): {self.binary} "
                                  "must be a program this user can run; `orkeon model local` sets one up") from None
        deadline = time.monotonic() + wait
        try:
            while time.monotonic() < deadline:
                code = self.process.poll()
                if code is not None:
                    raise LocalModelError(f"llama-server ended at start (exit {code}); its log is {self.log}")
                if answers_health(self.origin):
                    return self
                time.sleep(0.2)
        except BaseException:
            self.stop()
            raise
        self.stop()
        raise LocalModelError(f"llama-server did not answer /health within {wait:.0f} s; its log is {self.log}")

    def exit_code(self) -> int | None:
        """None while it runs; its exit code once it ended."""
        return self.process.poll() if self.process is not None else None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self) -> LlamaServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
