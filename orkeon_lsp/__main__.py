"""`orkeon-lsp`: start the language server over stdio (or `--tcp HOST:PORT`)."""

from __future__ import annotations

import gc
import os
import sys


def main() -> int:
    # Start-up builds a few hundred thousand objects (lsprotocol's types and converters, the catalogue)
    # that live as long as the process: collecting them while they are made only slows `initialize`.
    # The collector is switched back on, with those objects frozen, once initialize has answered.
    gc.disable()
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")  # no scan of every package at the first tool
    from orkeon_lsp.server import serve

    return serve(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
