import pytest

from orkeon_engine.domain.context.context_files import CONTEXT_FILES_KEY, PinnedFile
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.permissions.decide import GateContext
from orkeon_engine.domain.permissions.rule_sets import RULE_SETS
from orkeon_engine.services.context_files import (
    Wanted,
    drop,
    pin,
    pinned_files,
    read_context_files,
    read_refusal,
)
from orkeon_engine.services.session_io import CurrentSession
from tests.support.bash_grammar import BASH_GRAMMAR
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_session_store import FakeSessionStore

SECRETS = read_refusal(GateContext("default", RULE_SETS["secrets"].entries(), read=BASH_GRAMMAR.read))


async def _session():
    return await CurrentSession.open(FakeSessionStore())


def _files():
    return FakeFiles({"src/a.py": "print('a')\n", "src/b.py": "b = 1\n", "src/deep/c.py": "c = 1\n",
                      ".env": "KEY=sk-live-1\n", "docs/spec.md": "# Spec\n"})


async def test_pinning_keeps_the_files_in_the_session_state_in_order():
    session = await _session()

    outcome = await pin(session, _files(), [Wanted("src/b.py", "/workspace/src/b.py"),
                                            Wanted("src/a.py", "/workspace/src/a.py")], False, SECRETS, 10_000)

    assert outcome.changed == ("/workspace/src/b.py", "/workspace/src/a.py")
    assert await session.get_state(CONTEXT_FILES_KEY) == [{"path": "/workspace/src/b.py", "readOnly": False},
                                                          {"path": "/workspace/src/a.py", "readOnly": False}]


async def test_a_glob_pins_the_files_it_matches_within_one_folder():
    session = await _session()

    outcome = await pin(session, _files(), [Wanted("src/*.py", "src/*.py", glob=True)], True, SECRETS, 10_000)

    assert outcome.changed == ("/workspace/src/a.py", "/workspace/src/b.py")
    assert all(p.read_only for p in outcome.pinned)


async def test_a_glob_skips_a_secret_file_and_says_why():
    session = await _session()

    outcome = await pin(session, _files(), [Wanted(".e*", ".e*", glob=True), Wanted("docs/*", "docs/*", glob=True)],
                        False, SECRETS, 10_000)

    assert outcome.changed == ("/workspace/docs/spec.md",)
    assert outcome.skipped[0][0] == "/workspace/.env" and "rule set secrets" in outcome.skipped[0][1]


async def test_a_secret_file_named_alone_is_refused_and_nothing_is_pinned():
    session = await _session()

    with pytest.raises(CommandFailedError, match=r"cannot pin \.env: refused by the rule \*\(\.env\).*nothing was"):
        await pin(session, _files(), [Wanted("src/a.py", "/workspace/src/a.py"), Wanted(".env", "/workspace/.env")],
                  False, SECRETS, 10_000)
    assert await pinned_files(session) == []


async def test_a_folder_is_refused_with_a_glob_to_use_instead():
    session = await _session()

    with pytest.raises(CommandFailedError, match=r"cannot pin src: a folder: name its files, or a glob such as "
                                                 r"src/\*\.py"):
        await pin(session, _files(), [Wanted("src", "/workspace/src")], False, SECRETS, 10_000)


async def test_a_missing_file_and_a_glob_matching_nothing_are_refused_by_name():
    session = await _session()

    with pytest.raises(CommandFailedError, match="cannot pin gone.py: no such file"):
        await pin(session, _files(), [Wanted("gone.py", "/workspace/gone.py")], False, SECRETS, 10_000)
    with pytest.raises(CommandFailedError, match=r"src/\*\.rs matches no file"):
        await pin(session, _files(), [Wanted("src/*.rs", "src/*.rs", glob=True)], False, SECRETS, 10_000)


async def test_a_file_of_another_mount_is_refused():
    session = await _session()
    files = _files()
    files.texts["/output/report.md"] = "x"

    with pytest.raises(CommandFailedError, match="not a file of the workspace"):
        await pin(session, files, [Wanted("/output/report.md", "/output/report.md")], False, SECRETS, 10_000)


async def test_a_file_that_would_pass_the_budget_is_refused_naming_it():
    session = await _session()
    files = _files()
    files.texts["/workspace/big.txt"] = "x" * 4_000
    await pin(session, files, [Wanted("src/a.py", "/workspace/src/a.py")], False, SECRETS, 500)

    with pytest.raises(CommandFailedError, match=r"/workspace/big\.txt would not fit: it is about 1,0\d\d tokens"):
        await pin(session, files, [Wanted("big.txt", "/workspace/big.txt")], False, SECRETS, 500)
    assert [p.path for p in await pinned_files(session)] == ["/workspace/src/a.py"]


async def test_drop_unpins_by_name_or_glob_and_everything_without_a_name():
    session = await _session()
    files = _files()
    await pin(session, files, [Wanted("src/*.py", "src/*.py", glob=True), Wanted("d", "/workspace/docs/spec.md")],
              False, SECRETS, 10_000)

    gone = await drop(session, files, [Wanted("src/*.py", "src/*.py", glob=True)])
    rest = await drop(session, files, [])

    assert gone == ["/workspace/src/a.py", "/workspace/src/b.py"]
    assert rest == ["/workspace/docs/spec.md"] and await pinned_files(session) == []


async def test_dropping_a_file_not_pinned_lists_what_is():
    session = await _session()
    files = _files()
    await pin(session, files, [Wanted("a", "/workspace/src/a.py")], False, SECRETS, 10_000)

    with pytest.raises(CommandFailedError, match=r"src/b\.py is not pinned; pinned: /workspace/src/a\.py"):
        await drop(session, files, [Wanted("src/b.py", "/workspace/src/b.py")])


async def test_a_turn_reads_the_files_as_they_are_now():
    session = await _session()
    files = _files()
    await pin(session, files, [Wanted("a", "/workspace/src/a.py")], True, SECRETS, 10_000)
    files.texts["/workspace/src/a.py"] = "print('changed')\n"

    (read,) = await read_context_files(session, files, SECRETS, 10_000)

    assert read.text == "print('changed')\n" and read.read_only and read.tokens > 0


async def test_a_pinned_file_deleted_since_is_left_out_with_the_reason():
    session = await _session()
    files = _files()
    await pin(session, files, [Wanted("a", "/workspace/src/a.py")], False, SECRETS, 10_000)
    del files.texts["/workspace/src/a.py"]

    (read,) = await read_context_files(session, files, SECRETS, 10_000)

    assert not read.shown and read.left_out == "no such file"


async def test_a_pinned_symlink_keeps_the_path_it_leads_to():
    session = await _session()
    files = _files()
    files.texts["/workspace/link.md"] = "# Spec\n"
    files.links["/workspace/link.md"] = "/workspace/docs/spec.md"

    outcome = await pin(session, files, [Wanted("link.md", "/workspace/link.md")], True, SECRETS, 10_000)

    assert outcome.pinned == (PinnedFile("/workspace/link.md", True, "/workspace/docs/spec.md"),)
