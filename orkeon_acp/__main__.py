"""`orkeon-acp`: serve the Agent Client Protocol on stdin/stdout (what an ACP client such as Zed starts)."""

from __future__ import annotations

import sys


def main() -> int:
    from orkeon_acp.server import serve

    return serve(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
