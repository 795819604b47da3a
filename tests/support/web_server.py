"""A loopback web server for web_fetch's tests: pages by path, each a status, headers and a body.

    with WebServer({"/": (200, {"Content-Type": "text/html"}, b"<h1>Hi</h1>")}) as site:
        site.url("/")            # http://127.0.0.1:PORT/

`host` may be any loopback address (127.0.0.2 plays another host than 127.0.0.1). `hits` keeps the paths
asked for, in order.
"""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Page = tuple[int, dict[str, str], bytes]


class WebServer:
    def __init__(self, pages: dict[str, Page], host: str = "127.0.0.1") -> None:
        self.pages = pages
        self.hits: list[str] = []
        self.host = host
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (the stdlib's name)
                server.hits.append(self.path)
                status, headers, body = server.pages.get(self.path, (404, {"Content-Type": "text/plain"}, b"none"))
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self._httpd = ThreadingHTTPServer((host, 0), Handler)
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    def url(self, path: str = "/") -> str:
        return f"http://{self.host}:{self._httpd.server_address[1]}{path}"

    def __enter__(self) -> WebServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
