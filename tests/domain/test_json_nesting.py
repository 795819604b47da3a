from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.json_nesting import nests_deeper_than


def _nested(depth):
    value = []
    for _ in range(depth - 1):
        value = [value]
    return value


def test_a_value_at_the_limit_is_not_deeper_and_one_more_level_is():
    assert not nests_deeper_than(_nested(3), 3)
    assert nests_deeper_than(_nested(4), 3)


def test_scalars_and_flat_objects_nest_nowhere():
    assert not nests_deeper_than({"a": 1, "b": "x"}, 1) and not nests_deeper_than(7, 0)


def test_a_value_nested_far_past_the_recursion_limit_is_measured_without_recursion():
    assert nests_deeper_than(_nested(50_000), 64)


@given(st.recursive(st.none() | st.integers(), lambda inner: st.lists(inner, max_size=3), max_leaves=20))
def test_the_depth_agrees_with_a_recursive_count(value):
    def depth(item):
        return 1 + max((depth(x) for x in item), default=0) if isinstance(item, list) else 0

    assert nests_deeper_than(value, depth(value)) is False
    assert nests_deeper_than(value, depth(value) - 1) is (depth(value) > 0)
