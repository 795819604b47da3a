"""`orkeon-lsp`: start the language server over stdio (or `--tcp HOST:PORT`)."""

from __future__ import annotations

import sys


def main() -> int:
    from orkeon_lsp.server import serve

    return serve(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
