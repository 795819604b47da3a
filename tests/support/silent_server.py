"""A loopback server that accepts every connection and never answers: a model server that hung (its
process alive, its listening socket open, nothing read or written). For the first-byte deadline's tests
and bench/hung_server.py.

    with SilentServer() as silent:
        api_base = silent.url          # http://127.0.0.1:PORT/v1
"""

from __future__ import annotations

import socket
import threading


class SilentServer:
    def __init__(self) -> None:
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen(64)
        self.port = self._listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/v1"
        self.accepted: list[socket.socket] = []
        self._listener.settimeout(0.05)  # the accepting thread looks at `_stopped` this often
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._accept, name="silent-server", daemon=True)

    def _accept(self) -> None:
        while not self._stopped.is_set():
            try:
                connection, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:  # closed: the server stops
                return
            self.accepted.append(connection)  # held open, never read nor answered

    def __enter__(self) -> SilentServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stopped.set()
        self._thread.join(timeout=5)
        self._listener.close()
        for connection in self.accepted:
            connection.close()
