"""Orkeon's engine: the commands, crews, tools, permission gate, sessions and models behind every edge.

The public API for the edges (the CLI and the language server) is `build_engine` and the `Engine` it
returns, with the result types of `orkeon_engine.engine`.
"""

__version__ = "0.1.0"
