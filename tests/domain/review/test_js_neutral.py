"""js_renames (through classify, which cuts the tokens): a JavaScript or TypeScript rename proven, local to a
function or block, or public and settled across the files of the change."""

import pytest

from orkeon_engine.domain.review.behaviour_neutral import classify, settle
from orkeon_engine.domain.review.renames import Rename

CART = """function total(items) {
  let sum = 0;
  for (const item of items) {
    sum += item.price;
  }
  return sum;
}

module.exports = { total };
"""
PAGE = """const cart = require('./cart');

function show(items) {
  console.log(cart.total(items));
}
show([]);
"""


def test_a_local_let_renamed_is_a_local_rename():
    change = classify("web/cart.js", CART, CART.replace("sum", "acc"))

    assert (change.kind, change.renames) == ("rename-only", (Rename("sum", "acc", local=True),))


def test_a_loop_variable_renamed_is_a_local_rename():
    change = classify("web/cart.js", CART, CART.replace("item ", "entry ").replace("item.", "entry."))

    assert change.renames == (Rename("item", "entry", local=True),)


def test_a_parameter_renamed_is_a_local_rename():
    change = classify("web/cart.js", CART, CART.replace("items", "lines"))

    assert change.renames == (Rename("items", "lines", local=True),)


def test_an_arrow_parameter_renamed_is_a_local_rename():
    old = "export const ids = (rows) => rows.map(row => row.id);\n"

    change = classify("src/ids.ts", old, old.replace("row ", "entry ").replace("row.", "entry."))

    assert change.renames == (Rename("row", "entry", local=True),)


def test_a_typed_constant_in_a_typescript_function_renamed_is_a_local_rename():
    old = "export function label(user: User): string {\n  const first: string = user.given_name;\n  return first;\n}\n"

    change = classify("src/label.ts", old, old.replace("const first", "const given").replace("return first",
                                                                                               "return given"))

    assert change.renames == (Rename("first", "given", local=True),)


def test_a_top_level_function_renamed_is_public_and_defined_by_the_file():
    change = classify("web/cart.js", CART, CART.replace("total", "grandTotal"))

    assert (change.renames, change.defines, change.fresh_names) == (
        (Rename("total", "grandTotal", local=False),), frozenset({"total"}), ("grandTotal",))


def test_a_public_rename_read_through_a_required_module_is_settled_with_its_module():
    changes = [classify("web/cart.js", CART, CART.replace("total", "grandTotal")),
               classify("web/page.js", PAGE, PAGE.replace("total", "grandTotal"))]

    settled = settle(changes, {"total": (), "grandTotal": ("web/cart.js", "web/page.js")})

    assert [change.kind for change in settled] == ["rename-only", "rename-only"]
    assert changes[1].module_uses == frozenset({("web/cart", "total")})


def test_an_es_module_export_and_its_import_renamed_are_settled():
    lib = "export function parse(text) {\n  return text.trim();\n}\n"
    user = "import { parse } from '../lib/parse.js';\n\nexport const read = (text) => parse(text);\n"
    changes = [classify("src/lib/parse.js", lib, lib.replace("parse", "clean")),
               classify("src/app/read.js", user, user.replace("{ parse }", "{ clean }")
                        .replace("=> parse", "=> clean"))]

    settled = settle(changes, {"parse": (), "clean": ("src/lib/parse.js", "src/app/read.js")})

    assert [change.kind for change in settled] == ["rename-only", "rename-only"]


def test_a_public_rename_still_said_elsewhere_is_not_settled():
    settled = settle([classify("web/cart.js", CART, CART.replace("total", "grandTotal"))],
                     {"total": ("web/checkout.js",), "grandTotal": ("web/cart.js",)})

    assert settled[0].kind is None and "still used in web/checkout.js" in settled[0].reason


def test_a_renamed_word_spelled_in_a_regular_expression_is_not_proven():
    old = "function f(s) {\n  const words = s.split(/words/);\n  return words;\n}\n"

    change = classify("lib/slug.js", old, old.replace("const words", "const parts").replace("return words",
                                                                                               "return parts"))

    assert change.kind is None and "spelled in a string" in change.reason


def test_an_export_assigned_to_exports_is_defined_by_the_file():
    old = "exports.slugify = function (title) {\n  return title.trim();\n};\n"

    change = classify("lib/slug.js", old, old.replace("slugify", "toSlug"))

    assert (change.renames, change.defines) == ((Rename("slugify", "toSlug", local=False),), frozenset({"slugify"}))


LOCAL_RENAMES = {
    "a spread name": ("function f(items) {\n  const copy = [...items];\n  return { ...copy };\n}\n", "copy", "clone"),
    "a local in a file with a regular expression": (
        "function slugify(title) {\n  const words = title.trim().split(/\\s+/);\n  return words.join('-');\n}\n",
        "words", "parts"),
    "a caught error": ("function f() {\n  try {\n    run();\n  } catch (err) {\n    report(err);\n  }\n}\n",
                       "err", "error"),
    "a method's parameter": ("class Cart {\n  add(item, count = 1) {\n    this.lines.push([item, count]);\n  }\n}\n",
                             "item", "product"),
}


@pytest.mark.parametrize("what", sorted(LOCAL_RENAMES))
def test_a_local_rename_is_proven(what):
    old, before, after = LOCAL_RENAMES[what]

    change = classify("web/app.js", old, old.replace(before, after))

    assert change.renames == (Rename(before, after, local=True),)
