"""Attacks on the refactoring proofs behind the behaviour-neutral cap (an extracted variable put back, a
JavaScript rename): a change dressed as one that changes what is evaluated, when, how often, or which name
outside code sees, is never proven neutral, so its findings keep their severity."""

import pytest

from orkeon_engine.domain.behaviour_neutral import classify

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
