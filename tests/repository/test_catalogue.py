"""The catalogue pinned: its count, unique names, and every entry's use case tested at its mirrored path."""

import inspect
import re
from pathlib import Path

from orkeon_engine.commands._shared.entry import GROUPS
from orkeon_engine.commands.catalogue import CATALOGUE

ROOT = Path(__file__).resolve().parents[2]
EXPECTED_COMMAND_COUNT = 56
NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


def test_the_catalogue_holds_the_expected_number_of_commands():
    assert len(CATALOGUE) == EXPECTED_COMMAND_COUNT


def test_names_and_aliases_are_unique_and_kebab_case():
    names = [e.name for e in CATALOGUE] + [a for e in CATALOGUE for a in e.aliases]

    assert len(names) == len(set(names))
    assert all(NAME.match(name) for name in names)


def test_every_entry_has_a_group_a_description_and_an_async_use_case():
    for entry in CATALOGUE:
        assert entry.group in GROUPS, entry.name
        assert entry.description.endswith("."), entry.name
        assert inspect.iscoroutinefunction(entry.run), entry.name


def test_every_use_case_lives_in_its_group_and_has_a_test_file():
    for entry in CATALOGUE:
        module = entry.run.__module__
        assert module.startswith(f"orkeon_engine.commands.{entry.group}."), (entry.name, module)
        assert entry.run.__name__.startswith("run_"), entry.name
        relative = module.removeprefix("orkeon_engine.").split(".")
        test_file = ROOT / "tests" / Path(*relative[:-1]) / f"test_{relative[-1]}.py"
        assert test_file.is_file(), f"/{entry.name}: {test_file} is missing"
