from orkeon_engine.crews.dev_verify.prompt_catalogue import SAMPLE_SHEET, every_prompt
from orkeon_engine.domain.dev.sheet import parse_sheet


def test_the_catalogue_renders_the_auditors_brief_and_the_extraction():
    assert [p.name for p in every_prompt()] == ["dev-verify", "dev-verify-extraction"]


def test_the_sample_sheet_reads_as_a_sheet():
    assert parse_sheet(SAMPLE_SHEET).id == "F1"


def test_the_auditor_reads_a_read_only_charter():
    assert "cannot change it" in every_prompt()[0].system
