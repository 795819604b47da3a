"""Deferred ports: built on the first use, once; closing reads what was built without building."""

from orkeon_engine.domain.deferred import built, deferred, then, when_built


class Port:
    def __init__(self, log):
        log.append("built")
        self.value = 3

    def double(self):
        return self.value * 2

    def __call__(self, extra):
        return self.value + extra


def test_a_deferred_port_is_built_on_its_first_use_and_only_once():
    log = []
    port = deferred(lambda: Port(log))

    assert log == [] and built(port) is None
    assert port.double() == 6 and port(1) == 4 and port.value == 3
    assert log == ["built"] and isinstance(built(port), Port)


def test_a_plain_object_counts_as_built():
    log = []
    plain = Port(log)

    assert built(plain) is plain


def test_an_action_waits_for_the_build_and_runs_at_once_on_a_built_port():
    log, seen = [], []
    port = deferred(lambda: Port(log))
    when_built(port, lambda p: seen.append(p.value))

    assert seen == []
    port.double()
    assert seen == [3]
    when_built(port, lambda p: seen.append("again"))
    assert seen == [3, "again"]


def test_then_keeps_a_port_unbuilt_until_the_changed_one_is_used():
    log = []
    port = deferred(lambda: Port(log))
    changed = then(port, lambda p: f"doubled: {p.double()}")

    assert log == []
    assert changed.upper() == "DOUBLED: 6" and log == ["built"]
