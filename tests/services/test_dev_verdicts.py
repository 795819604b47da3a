from orkeon_engine.domain.dev.verdict import Verdict, VerdictRow, render_verdict
from orkeon_engine.services.dev_verdicts import StoredVerdict, read_verdicts, write_verdict
from orkeon_engine.services.work_folder import WorkFolder
from tests.support.doubles.fake_files import FakeFiles

VERDICT = Verdict("cart", "F1", "GAPS", rows=(VerdictRow("Major", "code", "a.py:1", "x"),))


async def test_every_verdict_of_every_work_is_read_and_a_broken_one_is_named():
    files = FakeFiles({"/workspace/.orkeon/work/cart/verdicts/F1.md": render_verdict(VERDICT),
                       "/workspace/.orkeon/work/cart/verdicts/F2.md": "# not a verdict\n",
                       "/workspace/.orkeon/work/cart/sheets/F1.md": "# Sheet\n"})

    found, notes = await read_verdicts(files, WorkFolder(files, ".orkeon/work"))

    assert found == [StoredVerdict(".orkeon/work/cart/verdicts/F1.md", VERDICT)]
    assert notes[0].startswith(".orkeon/work/cart/verdicts/F2.md: it does not open with")


async def test_a_work_folder_that_does_not_exist_has_no_verdicts():
    files = FakeFiles({})

    assert await read_verdicts(files, WorkFolder(files, ".orkeon/work")) == ([], [])


async def test_a_verdict_is_written_back_whole():
    files = FakeFiles({})

    await write_verdict(WorkFolder(files, ".orkeon/work"), StoredVerdict(".orkeon/work/cart/verdicts/F1.md", VERDICT))

    assert files.texts["/workspace/.orkeon/work/cart/verdicts/F1.md"] == render_verdict(VERDICT)
