"""Attacks on the behaviour-neutral cap dressed as refactorings (a variable extracted or inlined, a JavaScript
rename): a change that changes what is evaluated, when, how often, or which name outside code sees, is never
proven neutral, so its findings keep their severity. (An extracted variable is never proven at all: see
docs/architecture.md; these attacks stand guard should a proof of it come back.)"""

import re

import pytest

from orkeon_engine.domain.review.behaviour_neutral import classify, settle

EXTRACTION_ATTACKS = {
    "evaluation order changed": (
        "def f(a):\n    return h(a) + g(a)\n",
        "def f(a):\n    x = g(a)\n    return h(a) + x\n"),
    "evaluation order changed by inlining": (
        "def f():\n    a = first()\n    b = second()\n    return b - a\n",
        "def f():\n    return second() - first()\n"),
    "evaluated once instead of in each turn of a loop": (
        "def f(items):\n    for item in items:\n        use(item, g())\n",
        "def f(items):\n    x = g()\n    for item in items:\n        use(item, x)\n"),
    "evaluated once instead of twice": (
        "def f():\n    return g() + g()\n",
        "def f():\n    x = g()\n    return x + x\n"),
    "evaluated always instead of when a flag holds": (
        "def f(flag):\n    return flag and g()\n",
        "def f(flag):\n    x = g()\n    return flag and x\n"),
    "evaluated before the call's function": (
        "def f(a):\n    return check(a)(g(a))\n",
        "def f(a):\n    x = g(a)\n    return check(a)(x)\n"),
    "evaluated inside a lambda": (
        "def f():\n    return lambda: g()\n",
        "def f():\n    x = g()\n    return lambda: x\n"),
    "a name the old file already says (a global shadowed)": (
        "total = 5\n\n\ndef f(a):\n    return g(a)\n",
        "total = 5\n\n\ndef f(a):\n    total = g(a)\n    return total\n"),
    "a builtin shadowed": (
        "def f(a):\n    return sorted(a)\n",
        "def f(a):\n    list = sorted(a)\n    return list\n"),
    "a global declared": (
        "def f(a):\n    return g(a)\n",
        "def f(a):\n    global x\n    x = g(a)\n    return x\n"),
    "a module variable": (
        "y = g()\n",
        "x = g()\ny = x\n"),
    "read in another block": (
        "def f(a):\n    if a:\n        pass\n    return g(a)\n",
        "def f(a):\n    if a:\n        x = g(a)\n    return x\n"),
    "read after its block": (
        "def f(a):\n    if a:\n        return g(a)\n",
        "def f(a):\n    if a:\n        x = g(a)\n    return x\n"),
    "a file that reads its locals by name": (
        "def f(a):\n    print(locals())\n    return g(a)\n",
        "def f(a):\n    print(locals())\n    x = g(a)\n    return x\n"),
    "an attribute target evaluated after": (
        "def f(a):\n    a.b = g(a)\n",
        "def f(a):\n    x = g(a)\n    a.b = x\n"),
}


@pytest.mark.parametrize("what", sorted(EXTRACTION_ATTACKS))
def test_an_extraction_that_changes_evaluation_is_never_proven(what):
    old, new = EXTRACTION_ATTACKS[what]

    assert classify("a.py", old, new).kind is None


JS_ATTACKS = {
    "swapped arguments": (
        "function area(width, height) {\n  check(width);\n  return scale(width, height);\n}\n",
        "function area(width, height) {\n  check(width);\n  return scale(height, width);\n}\n"),
    "a property of outside code renamed with a local of the same name": (
        "function f(res) {\n  const status = res.status;\n  return status;\n}\n",
        "function f(res) {\n  const code = res.code;\n  return code;\n}\n"),
    "a shorthand key changed": (
        "function f() {\n  const id = next();\n  return { id };\n}\n",
        "function f() {\n  const key = next();\n  return { key };\n}\n"),
    "a destructured key changed": (
        "function f(user) {\n  const { id } = user;\n  return id;\n}\n",
        "function f(user) {\n  const { key } = user;\n  return key;\n}\n"),
    "a key with a default changed": (
        "function f() {\n  let size = 1;\n  return g({ size = 2 } = {}) + size;\n}\n",
        "function f() {\n  let width = 1;\n  return g({ width = 2 } = {}) + width;\n}\n"),
    "an object key before a colon": (
        "function f() {\n  let mode = 1;\n  return send({ mode: mode });\n}\n",
        "function f() {\n  let kind = 1;\n  return send({ kind: kind });\n}\n"),
    "a method name of an object literal": (
        "function f() {\n  let run = 1;\n  return { run() { return run; } };\n}\n",
        "function f() {\n  let go = 1;\n  return { go() { return go; } };\n}\n"),
    "a class field": (
        "function f() {\n  let count = 1;\n  return class extends base(count) {\n    count = 2\n  };\n}\n",
        "function f() {\n  let total = 1;\n  return class extends base(total) {\n    total = 2\n  };\n}\n"),
    "a word also in a string": (
        "function f() {\n  let total = 1;\n  return lookup('total') + total;\n}\n",
        "function f() {\n  let count = 1;\n  return lookup('total') + count;\n}\n"),
    "a word also in a template": (
        "function f(o) {\n  let total = 1;\n  return `${o.total}` + total;\n}\n",
        "function f(o) {\n  let count = 1;\n  return `${o.total}` + count;\n}\n"),
    "a global renamed": (
        "function f() {\n  return fetchData();\n}\n",
        "function f() {\n  return loadData();\n}\n"),
    "a local renamed to a global's name": (
        "function f() {\n  let value = 1;\n  return value;\n}\n",
        "function f() {\n  let undefined = 1;\n  return undefined;\n}\n"),
    "a local renamed to `arguments`": (
        "function f() {\n  let args = 1;\n  return args;\n}\n",
        "function f() {\n  let arguments = 1;\n  return arguments;\n}\n"),
    "a name captured by one the file already says": (
        "function f(items) {\n  let total = 0;\n  let count = items.size;\n  return total + count;\n}\n",
        "function f(items) {\n  let count = 0;\n  let count = items.size;\n  return count + count;\n}\n"),
    "a loop variable read after its loop (a global there)": (
        "function f() {\n  for (let i = 0; i < 3; i++) {\n    g(i);\n  }\n  return i;\n}\n",
        "function f() {\n  for (let k = 0; k < 3; k++) {\n    g(k);\n  }\n  return k;\n}\n"),
    "a block variable read after its block": (
        "function f() {\n  if (a) {\n    let seen = 1;\n  }\n  return seen;\n}\n",
        "function f() {\n  if (a) {\n    let known = 1;\n  }\n  return known;\n}\n"),
    "a function expression's name read outside it": (
        "const run = function step() {\n  return 1;\n};\nstep();\n",
        "const run = function move() {\n  return 1;\n};\nmove();\n"),
    "a label": (
        "function f(rows) {\n  let outer = 0;\n  outer: for (const r of rows) {\n    break outer;\n  }\n}\n",
        "function f(rows) {\n  let top = 0;\n  top: for (const r of rows) {\n    break top;\n  }\n}\n"),
    "a name that is part of a `$` name": (
        "function f() {\n  let el = 1;\n  return $el + el;\n}\n",
        "function f() {\n  let node = 1;\n  return $node + node;\n}\n"),
    "a file that calls eval": (
        "function f() {\n  let total = 1;\n  return eval('total');\n}\n",
        "function f() {\n  let count = 1;\n  return eval('total');\n}\n"),
    "a word inside a regular expression after `)`": (
        "function f(s) {\n  let word = 1;\n  if (s) /word/.test(s) && word;\n}\n",
        "function f(s) {\n  let term = 1;\n  if (s) /term/.test(s) && term;\n}\n"),
    "a regular expression after `++` taken for one": (
        "function f(a) {\n  let n = 1;\n  return a++ / n / 2;\n}\n",
        "function f(a) {\n  let k = 1;\n  return a++ / k / 2;\n}\n"),
    "a word inside a regular expression": (
        "function f(s) {\n  let word = 1;\n  return s.match(/word/) && word;\n}\n",
        "function f(s) {\n  let term = 1;\n  return s.match(/term/) && term;\n}\n"),
    "a regular expression after `default` taken for a division": (
        "export default /a  b/;\n",
        "export default /a b/;\n"),
    "a JSX attribute": (
        "function C() {\n  const label = 1;\n  return <Item title=\"x\" label />;\n}\n",
        "function C() {\n  const text = 1;\n  return <Item title=\"x\" text />;\n}\n"),
    "a decorated class member": (
        "function f(dec) {\n  let load = 1;\n  return class {\n    @dec load() { return load; }\n  };\n}\n",
        "function f(dec) {\n  let fetch2 = 1;\n  return class {\n    @dec fetch2() { return fetch2; }\n  };\n}\n"),
    "a key of an object CommonJS does not export (`module` declared)": (
        "const module = { exports: {} };\nfunction run() {}\nmodule.exports = { run };\nplugin(module);\n",
        "const module = { exports: {} };\nfunction go() {}\nmodule.exports = { go };\nplugin(module);\n"),
    "a property of a local object called `exports`": (
        "const exports = {};\nfunction run() {}\nexports.run = run;\nplugin(exports);\n",
        "const exports = {};\nfunction go() {}\nexports.go = go;\nplugin(exports);\n"),
    "a top-level `var` in a loop (a global)": (
        "for (var i = 0; i < 3; i++) {\n  g(i);\n}\n",
        "for (var k = 0; k < 3; k++) {\n  g(k);\n}\n"),
}


def _settled_alone(old, new):
    """The change of web/app.js settled as if the repository said each new word only there and no old one:
    a public rename then stands or falls by the proof itself."""
    before, after = set(re.findall(r"\w+", old)), set(re.findall(r"\w+", new))
    mentions = {word: ("web/app.js",) for word in after} | {word: () for word in before - after}
    return settle([classify("web/app.js", old, new)], mentions)[0]


def test_a_public_rename_settled_alone_is_proven():
    old = "function run() {}\nmodule.exports = { run };\nexports.run = run;\n"

    assert _settled_alone(old, old.replace("run", "go")).kind == "rename-only"


@pytest.mark.parametrize("what", sorted(JS_ATTACKS))
def test_a_javascript_change_dressed_as_a_rename_is_never_proven(what):
    old, new = JS_ATTACKS[what]

    assert _settled_alone(old, new).kind is None


CART = "function total(items) {\n  return items.length;\n}\n\nmodule.exports = { total };\n"
RENAMED_CART = CART.replace("total", "grandTotal")


def _settled_with(user):
    """The cart's function renamed, and `user` (web/page.js) renamed the same way, settled."""
    return settle([classify("web/cart.js", CART, RENAMED_CART),
                   classify("web/page.js", user, user.replace("total", "grandTotal"))],
                  {"total": (), "grandTotal": ("web/cart.js", "web/page.js")})


def test_the_settled_rename_these_attacks_start_from_is_proven():
    settled = _settled_with("const cart = require('./cart');\n\ncart.total([]);\n")

    assert [change.kind for change in settled] == ["rename-only", "rename-only"]


def test_an_outside_module_property_renamed_with_a_changed_function_of_the_same_name_is_not_proven():
    settled = _settled_with("const fs = require('fs');\n\nfunction load(p) {\n  return fs.total(p);\n}\n")

    assert settled[1].kind is None and "property position" in settled[1].reason


def test_a_property_of_a_module_the_change_does_not_define_is_not_proven():
    settled = _settled_with("const other = require('./other');\n\nother.total([]);\n")

    assert settled[1].kind is None and "`web/other`" in settled[1].reason


def test_a_module_binding_shadowed_by_a_parameter_is_not_a_module():
    settled = _settled_with("const cart = require('./cart');\n\nfunction f(cart) {\n  return cart.total([]);\n}\n")

    assert settled[1].kind is None and "property position" in settled[1].reason


def test_a_property_of_a_module_s_property_is_not_the_module_s():
    settled = _settled_with("const { total } = require('./cart').legacy;\n\ntotal([]);\n")

    assert settled[1].kind is None


def test_a_module_read_through_a_require_the_file_redefines_is_not_a_module():
    settled = _settled_with("const require = load;\nconst cart = require('./cart');\n\ncart.total([]);\n")

    assert settled[1].kind is None


def test_one_public_name_renamed_to_two_names_is_not_proven():
    user = "const cart = require('./cart');\n\ncart.total([]);\n"

    settled = settle([classify("web/cart.js", CART, RENAMED_CART),
                      classify("web/page.js", user, user.replace("total", "sumAll"))],
                     {"total": (), "grandTotal": ("web/cart.js",), "sumAll": ("web/page.js",)})

    assert [change.kind for change in settled] == [None, None]


def test_a_new_public_name_another_module_already_exports_is_not_proven():
    settled = settle([classify("web/cart.js", CART, RENAMED_CART)],
                     {"total": (), "grandTotal": ("web/cart.js", "web/legacy.js")})

    assert settled[0].kind is None and "already said in web/legacy.js" in settled[0].reason


def test_a_python_public_name_renamed_to_two_names_is_not_proven():
    config = classify("config.py", "def load():\n    return 1\n", "def read():\n    return 1\n")
    user = classify("cli.py", "from config import load\nload()\n", "from config import fetch\nfetch()\n")

    settled = settle([config, user], {"load": ()})

    assert [change.kind for change in settled] == [None, None]


def test_a_javascript_name_spelled_with_an_escape_elsewhere_is_not_proven():
    old = "function f() {\n  let abc = 1;\n  return \\u0061bc;\n}\n"

    change = classify("web/app.js", old, old.replace("let abc", "let xyz"))

    assert change.kind is None and "escape" in change.reason


def test_a_word_in_the_text_of_a_nested_template_is_not_proven():
    old = "function f(x) {\n  let b = 1;\n  return `a${`b c ${x}`}` + b;\n}\n"

    change = classify("web/app.js", old, old.replace("let b", "let k").replace("+ b", "+ k").replace("`b c", "`k c"))

    assert change.kind is None


def test_two_public_names_renamed_to_one_name_in_two_files_are_not_proven():
    first = classify("web/a.js", "function load() {}\nload();\n", "function fetchAll() {}\nfetchAll();\n")
    second = classify("web/b.js", "function read() {}\nread();\n", "function fetchAll() {}\nfetchAll();\n")

    settled = settle([first, second], {"load": (), "read": (), "fetchAll": ("web/a.js", "web/b.js")})

    assert [change.kind for change in settled] == [None, None]


SCOPE_ATTACKS = {
    "a TypeScript signature lending its parameters to the next function": (
        "src/a.ts", "declare function f(x): void;\nfunction g() {\n  return x;\n}\n", "x", "y", "no declaration"),
    "a caught error read after its block": (
        "web/run.js",
        "function f() {\n  try {\n    run();\n  } catch (err) {\n    report(err);\n  }\n  return err;\n}\n",
        "err", "error", "no declaration"),
    "a method renamed with its parameter of the same name": (
        "web/cart.js", "class Cart {\n  add(add) {\n    return add;\n  }\n}\n", "add", "put", "key position"),
    "a call in an object value lending its arguments to the next method": (
        "web/o.js", "const o = {\n  a: f(x), b() {\n    return x;\n  },\n};\n", "x", "y", "no declaration"),
}


@pytest.mark.parametrize("what", sorted(SCOPE_ATTACKS))
def test_a_javascript_rename_outside_its_declaration_s_scope_is_not_proven(what):
    path, old, before, after, why = SCOPE_ATTACKS[what]

    change = classify(path, old, old.replace(before, after))

    assert change.kind is None and why in change.reason
