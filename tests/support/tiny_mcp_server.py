"""A tiny MCP server for the tests, served over stdio: `python -m tests.support.tiny_mcp_server`.

Its tools: `echo` (the text back), `add` (two integers), `refuse` (a tool error with the reason given),
`env` (the value of one of its environment variables, or `(unset)`), `pid` (its process id), `crash` (the
process exits at once, as a server that dies would).
"""

from __future__ import annotations

import os
import sys

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

app = MCPServer("tiny", log_level="WARNING")


@app.tool()
def echo(text: str) -> str:
    """Say the text back."""
    return f"echo: {text}"


@app.tool()
def add(a: int, b: int) -> str:
    """Add two integers."""
    return str(a + b)


@app.tool()
def refuse(reason: str) -> str:
    """Fail with the reason given."""
    raise ToolError(f"refused: {reason}")


@app.tool()
def env(name: str) -> str:
    """The value of one of the server's environment variables."""
    return os.environ.get(name, "(unset)")


@app.tool()
def pid() -> str:
    """The server's process id."""
    return str(os.getpid())


@app.tool()
def crash() -> str:
    """Exit at once, as a server that dies would."""
    sys.stderr.write("tiny: crashing on purpose\n")
    sys.stderr.flush()
    os._exit(3)


if __name__ == "__main__":
    app.run()
