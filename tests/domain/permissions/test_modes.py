from orkeon_engine.domain.permissions.modes import MODE_CYCLE, PERMISSION_MODES, next_in_cycle, parse_mode


def test_the_five_modes_are_declared_in_order():
    assert PERMISSION_MODES == ("default", "acceptEdits", "bypassPermissions", "plan", "dontAsk")


def test_a_mode_is_found_whatever_its_case():
    assert parse_mode("ACCEPTEDITS") == "acceptEdits"
    assert parse_mode("fast") is None


def test_the_cycle_moves_to_the_next_mode_and_wraps():
    assert [next_in_cycle(mode) for mode in MODE_CYCLE] == ["acceptEdits", "plan", "default"]


def test_a_mode_outside_the_cycle_or_unknown_goes_back_to_its_start():
    assert next_in_cycle("dontAsk") == "default"
    assert next_in_cycle("nonsense") == "default"
