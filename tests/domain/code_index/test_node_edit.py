import pytest

from orkeon_engine.domain.code_index.model import Symbol
from orkeon_engine.domain.code_index.node_edit import (
    FilePlan,
    IssuedHashes,
    NodeLookupError,
    Operation,
    check_overlaps,
    find_node,
    node_hash,
    plan_operation,
)

TEXT = "def a():\n    return 1\n\n\nclass K:\n    def m(self):\n        return 2\n"
A = Symbol("a", "mod.a", "function", "mod.py", 1, 2, 0, 21)
K = Symbol("K", "mod.K", "class", "mod.py", 5, 7, 24, len(TEXT) - 1)
M = Symbol("m", "mod.K.m", "method", "mod.py", 6, 7, 37, len(TEXT) - 1, "mod.K")
SYMBOLS = (A, K, M)


def _issued(*symbols):
    issued = IssuedHashes()
    for symbol in symbols:
        issued.record("mod.py", symbol.qualified_name, node_hash("mod.py", symbol.qualified_name,
                                                                 TEXT[symbol.start_byte:symbol.end_byte]))
    return issued


def _hash(symbol):
    return node_hash("mod.py", symbol.qualified_name, TEXT[symbol.start_byte:symbol.end_byte])


def _plan(*operations, issued=None):
    plan = FilePlan("mod.py", TEXT)
    for index, operation in enumerate(operations):
        plan_operation(plan, index, operation, SYMBOLS, issued or _issued(A, K, M))
    check_overlaps(plan)
    return plan


def test_a_hash_binds_the_node_name_as_well_as_its_text():
    assert node_hash("mod.py", "mod.a", "x") != node_hash("mod.py", "mod.b", "x")


def test_a_node_is_found_by_qualified_name_dotted_tail_or_bare_name():
    assert find_node(SYMBOLS, "mod.py", "mod.K.m") is M
    assert find_node(SYMBOLS, "mod.py", "K.m") is M
    assert find_node(SYMBOLS, "mod.py", "a") is A


def test_an_unknown_node_lists_the_symbols_of_the_file():
    with pytest.raises(NodeLookupError, match="has no symbol named 'b'; its symbols: mod.a, mod.K, mod.K.m"):
        find_node(SYMBOLS, "mod.py", "b")


def test_replacing_a_node_with_the_hash_node_read_gave_changes_only_that_node():
    plan = _plan(Operation("replace_node", "mod.py", "mod.a", _hash(A), text="def a():\n    return 10"))

    assert plan.errors == []
    assert plan.result() == TEXT.replace("return 1\n", "return 10\n")


def test_a_guessed_hash_is_refused_and_the_refusal_says_it_was_never_given():
    plan = _plan(Operation("replace_node", "mod.py", "mod.a", "0000000000000000", text="x"))

    assert "unknown hash: node_read never gave '0000000000000000' for mod.a" in plan.errors[0]
    assert "guessed or placeholder hash is never accepted" in plan.errors[0]


def test_a_hash_given_for_another_node_is_refused_naming_its_owner():
    plan = _plan(Operation("replace_node", "mod.py", "mod.a", _hash(M), text="x"))

    assert "was given by node_read for mod.K.m in mod.py, not for mod.a" in plan.errors[0]


def test_a_hash_given_before_the_node_changed_is_refused_as_stale():
    issued = _issued(A)
    issued.record("mod.py", "mod.a", "1111111111111111")

    plan = _plan(Operation("replace_node", "mod.py", "mod.a", "1111111111111111", text="x"), issued=issued)

    assert "stale hash: mod.a in mod.py changed since node_read gave 1111111111111111" in plan.errors[0]


def test_insert_after_places_the_text_after_the_node_at_its_indentation():
    plan = _plan(Operation("insert_after", "mod.py", "mod.K.m", _hash(M), text="def n(self):\n    return 3"))

    assert plan.result().endswith("        return 2\n\n    def n(self):\n        return 3\n")


def test_deleting_a_node_removes_its_lines():
    plan = _plan(Operation("delete_node", "mod.py", "mod.a", _hash(A)))

    assert plan.result() == TEXT[22:]


def test_replace_text_needs_a_text_that_occurs_exactly_once():
    plan = _plan(Operation("replace_text", "mod.py", old="return", new="yield"))

    assert "`old` occurs 2 times in the file; it must occur exactly once" in plan.errors[0]


def test_overlapping_operations_on_one_file_are_refused():
    plan = _plan(Operation("replace_node", "mod.py", "mod.K", _hash(K), text="class K: pass"),
                 Operation("replace_node", "mod.py", "mod.K.m", _hash(M), text="def m(self): pass"))

    assert plan.errors == ["operations 1 and 2 on mod.py overlap; combine them into one operation"]


def test_two_operations_on_one_file_are_both_anchored_in_its_original_text():
    plan = _plan(Operation("replace_node", "mod.py", "mod.a", _hash(A), text="def a():\n    return 100"),
                 Operation("replace_text", "mod.py", old="return 2", new="return 200"))

    assert plan.result() == TEXT.replace("return 1\n", "return 100\n").replace("return 2", "return 200")


from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

OPS = st.builds(Operation, op=st.sampled_from(["replace_node", "insert_before", "insert_after", "delete_node",
                                               "replace_text"]),
                path=st.just("mod.py"), node=st.sampled_from(["", "a", "mod.K.m", "K", "nothing"]),
                hash=st.text(max_size=20), text=st.text(max_size=30), old=st.text(max_size=10),
                new=st.text(max_size=10), line=st.one_of(st.none(), st.integers(-5, 20)))


@given(st.lists(OPS, max_size=6))
def test_any_batch_the_model_sends_is_planned_or_refused_never_raised(operations):
    plan = _plan(*operations)

    assert plan.errors or isinstance(plan.result(), str)
