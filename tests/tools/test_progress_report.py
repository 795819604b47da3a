import pydantic
import pytest

from orkeon_engine.tools.progress_report import ProgressReportTool
from tests.support.doubles.fake_progress import FakeProgress


async def test_a_report_reaches_the_progress_line_on_one_line():
    progress = FakeProgress()
    tool = ProgressReportTool(progress)

    result = await tool.run(tool.parse({"message": "reading the\nmodules", "percentage": 40}))

    assert progress.events == [("report", "reading the modules")] and result.text == "reported"


def test_a_percentage_over_a_hundred_does_not_fit_the_input():
    tool = ProgressReportTool(FakeProgress())

    with pytest.raises(pydantic.ValidationError):
        tool.parse({"message": "x", "percentage": 140})
