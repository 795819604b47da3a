"""`make eval`'s options: the suite, REPEAT, SAMPLE (never recorded), the agents named, bad values refused."""

from __future__ import annotations

import pytest

from devtools.eval.__main__ import _records, parse


def test_the_generated_suite_with_every_agent_is_the_default() -> None:
    args = parse([])

    assert (args.suite, args.repeat, args.sample, args.agents) == ("generated", 1, None,
                                                                   ("orkeon", "aider", "mini-swe-agent"))


def test_a_whole_run_is_recorded_and_a_sample_or_a_run_without_the_peers_is_not() -> None:
    assert (_records(parse(["--repeat", "3"])), _records(parse(["--sample", "2"])),
            _records(parse(["--agents", "orkeon"])), _records(parse(["--suite", "smoke", "--agents", "orkeon"]))) == (
        True, False, False, True)


def test_the_agents_are_named_by_commas() -> None:
    assert parse(["--agents", "orkeon,aider"]).agents == ("orkeon", "aider")


@pytest.mark.parametrize("argv", [["--agents", "claude"], ["--repeat", "0"], ["--sample", "x"],
                                  ["--suite", "fixed"]])
def test_a_bad_value_is_refused_by_name(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse(argv)

    assert argv[0] in capsys.readouterr().err


def test_one_half_or_settings_of_its_own_make_a_run_that_is_never_recorded() -> None:
    args = parse(["--half", "held-out", "--set", "assistant.candidates=1", "--set", "assistant.verify=off"])

    assert args.half == "held-out" and dict(args.settings) == {"assistant.candidates": 1, "assistant.verify": "off"}
    assert not _records(args) and not _records(parse(["--set", "model.temperature=0.2"]))


@pytest.mark.parametrize("argv", [["--set", "candidates"], ["--set", "=1"], ["--half", "train"]])
def test_a_bad_setting_or_half_is_refused_by_name(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse(argv)

    assert argv[0] in capsys.readouterr().err
