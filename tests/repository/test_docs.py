"""The generated reference pages match the code they mirror."""

from pathlib import Path

from orkeon_engine.docs_gen import PAGES

ROOT = Path(__file__).resolve().parents[2]


def test_every_generated_page_is_up_to_date():
    for name, render in PAGES.items():
        on_disk = (ROOT / "docs" / name).read_text(encoding="utf-8")
        assert on_disk == render(), f"docs/{name} is stale: run `python -m orkeon_engine.docs_gen`"


def test_the_readme_quick_start_is_the_two_make_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")

    assert "make run" in readme and "make test" in readme
