"""used_definitions over the fakes: the definitions found in the files that say a name, each file read and
parsed once, secret files never read, files the index cannot parse skipped."""

from orkeon_engine.domain.code_index.model import FileEntry, Symbol
from orkeon_engine.domain.git.diff import parse_diff
from orkeon_engine.ports.review_source import DiffRequest
from orkeon_engine.services.review_context import used_definitions
from tests.support.doubles.fake_code_index import FakeCodeIndex
from tests.support.doubles.fake_review_source import FakeReviewSource

DIFF = """diff --git a/app/service.py b/app/service.py
--- a/app/service.py
+++ b/app/service.py
@@ -2,2 +2,2 @@ def plan(text):
-    return channels.prepare("sms", text)
+    return channels.prepare(text, "sms")
"""
CHANNELS = 'def prepare(channel, text):\n    """The text as the channel sends it."""\n    return text[:LIMIT]\n'
SERVICE = "from app import channels\ndef plan(text):\n    return channels.prepare(text, \"sms\")\n"
REQUEST = DiffRequest("staged")


def _entry(path, *symbols):
    return FileEntry(path, "python", "", 0, 0, path, tuple(Symbol(n, n, "function", path, s, e, 0, 0)
                                                          for n, s, e in symbols))


async def _found(files, parsed):
    source = FakeReviewSource(DIFF, new_files=files)
    index = FakeCodeIndex()
    index.parsed = parsed
    return await used_definitions(parse_diff(DIFF), REQUEST, source, index), source


async def test_the_definition_a_changed_call_uses_is_found_in_the_file_that_defines_it():
    found, _ = await _found({"app/channels.py": CHANNELS, "app/service.py": SERVICE},
                            {"app/channels.py": _entry("app/channels.py", ("prepare", 1, 3)),
                             "app/service.py": _entry("app/service.py", ("plan", 2, 3))})

    assert [(d.path, d.start_line) for d in found] == [("app/channels.py", 1)]
    assert found[0].lines == tuple(CHANNELS.splitlines())


async def test_a_file_that_usually_holds_secrets_is_never_read_even_when_it_defines_the_name():
    found, _ = await _found({".env.py": CHANNELS, "app/service.py": SERVICE},
                            {".env.py": _entry(".env.py", ("prepare", 1, 3))})

    assert found == ()


async def test_a_file_the_index_cannot_parse_is_skipped_and_nothing_fails():
    found, source = await _found({"app/channels.py": CHANNELS, "app/service.py": SERVICE}, {})

    assert found == () and source.searched == ["prepare"]
