"""/security-review: the security lens alone, with the scopes and formats of /review."""

import pytest

from orkeon_engine.commands.git.security_review import ARGS, run_security_review
from orkeon_engine.domain.ui.args import ArgumentError, parse_args
from tests.support.deps import make_deps
from tests.support.doubles.fake_review_source import FakeReviewSource
from tests.support.review_script import answer, finding, lens_of
from tests.support.scripted_chat_model import ScriptedChatModel

DIFF = "--- a/api.py\n+++ b/api.py\n@@ -1 +1,2 @@\n import os\n+os.system(request.args['cmd'])\n"
INJECTION = finding("api.py", 2, "os.system(request.args['cmd'])", "blocker", "shell injection")


async def test_only_the_security_lens_is_asked():
    model = ScriptedChatModel([answer(INJECTION)])
    deps = await make_deps(chat_model=model, review_source=FakeReviewSource(DIFF))

    view = await run_security_review(parse_args("security-review", ARGS, []), deps)

    assert [lens_of(r.system) for r in model.requests] == ["security"]
    assert view.lines == ("api.py:2: blocker [security] shell injection",)


async def test_the_lens_flag_is_not_offered():
    with pytest.raises(ArgumentError, match="unknown flag --lens"):
        parse_args("security-review", ARGS, ["--lens", "tests"])
