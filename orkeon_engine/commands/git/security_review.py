"""/security-review: /review through the security lens alone (the same scopes, formats and --fail-on)."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands.git.review import PATHS, SCOPE_FLAGS, review
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.ui.view import CommandView

ARGS = ArgSpec(positionals=(PATHS,), flags=SCOPE_FLAGS)


async def run_security_review(args: ParsedArgs, deps: Deps) -> CommandView:
    return await review(args, deps, "security-review", ARGS, ("security",))
