from orkeon_engine.domain.settings.behaviour import BehaviourFlags, read_flags


def test_flags_read_from_the_settings_values():
    flags = read_flags("high", True, True, "concise", " French ")

    assert flags == BehaviourFlags("high", True, True, "concise", "French")


def test_a_value_of_the_wrong_shape_reads_as_the_default():
    flags = read_flags("extreme", "yes", 1, "verbose", 42)

    assert flags == BehaviourFlags()


def test_describe_names_only_what_differs_from_the_defaults():
    text = BehaviourFlags(effort="low", output_style="explanatory").describe()

    assert text == "effort low, explanatory"
