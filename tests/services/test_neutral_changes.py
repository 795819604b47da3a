"""neutral_changes over FakeReviewSource: each file's old and new text compared, public renames searched for."""

from orkeon_engine.domain.git.diff import parse_diff
from orkeon_engine.ports.review_source import DiffRequest
from orkeon_engine.services.neutral_changes import neutral_changes
from tests.support.doubles.fake_review_source import FakeReviewSource

OLD = "def load_config(path):\n    return path\n"
NEW = "def read_config(path):\n    return path\n"


def _diff(*paths, status="modified"):
    text = ""
    for path in paths:
        old = "/dev/null" if status == "added" else f"a/{path}"
        text += (f"diff --git a/{path} b/{path}\n" + ("new file mode 100644\n" if status == "added" else "")
                 + f"--- {old}\n+++ b/{path}\n@@ -1 +1 @@\n-x\n+y\n")
    return parse_diff(text)


async def test_a_complete_public_rename_is_neutral_after_the_repository_is_searched():
    source = FakeReviewSource(old_files={"config.py": OLD}, new_files={"config.py": NEW, "cli.py": "read_config()\n"})

    changes = await neutral_changes(_diff("config.py"), DiffRequest(), source)

    assert ([c.kind for c in changes], source.searched) == (["rename-only"], ["load_config"])


async def test_an_old_name_still_said_in_another_file_makes_the_rename_incomplete():
    source = FakeReviewSource(old_files={"config.py": OLD}, new_files={"config.py": NEW, "cli.py": "load_config()\n"})

    changes = await neutral_changes(_diff("config.py"), DiffRequest(), source)

    assert changes[0].kind is None and "still used in cli.py" in changes[0].reason


async def test_a_local_rename_needs_no_search():
    source = FakeReviewSource(old_files={"a.py": "def f():\n    x = 1\n    return x\n"},
                              new_files={"a.py": "def f():\n    y = 1\n    return y\n", "b.py": "x = 2\n"})

    changes = await neutral_changes(_diff("a.py"), DiffRequest(), source)

    assert ([c.kind for c in changes], source.searched) == (["rename-only"], [])


async def test_an_added_file_is_not_read_and_may_change_behaviour():
    source = FakeReviewSource(new_files={"new.py": "x = 1\n"})

    changes = await neutral_changes(_diff("new.py", status="added"), DiffRequest(), source)

    assert changes[0].kind is None


async def test_a_file_that_usually_holds_secrets_is_not_read():
    source = FakeReviewSource(old_files={".env": "A=1\n"}, new_files={".env": "A=1\n"})

    changes = await neutral_changes(_diff(".env"), DiffRequest(), source)

    assert changes[0].kind is None


CART = "function total(items) {\n  return items.length;\n}\n\nmodule.exports = { total };\n"
PAGE = "const cart = require('./cart');\n\ncart.total([]);\n"


async def test_a_javascript_public_rename_searches_its_old_and_new_names():
    renamed = {"web/cart.js": CART.replace("total", "sum"), "web/page.js": PAGE.replace("total", "sum")}
    source = FakeReviewSource(old_files={"web/cart.js": CART, "web/page.js": PAGE}, new_files=renamed)

    changes = await neutral_changes(_diff("web/cart.js", "web/page.js"), DiffRequest(), source)

    assert ([c.kind for c in changes], sorted(source.searched)) == (["rename-only", "rename-only"], ["sum", "total"])


async def test_a_javascript_new_public_name_said_by_an_unchanged_file_is_not_neutral():
    source = FakeReviewSource(old_files={"web/cart.js": CART},
                              new_files={"web/cart.js": CART.replace("total", "sum"), "web/old.js": "x.sum = 1;\n"})

    changes = await neutral_changes(_diff("web/cart.js"), DiffRequest(), source)

    assert changes[0].kind is None and "already said in web/old.js" in changes[0].reason
