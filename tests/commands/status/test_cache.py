import pytest

from orkeon_engine.commands.status.cache import ARGS, format_size, run_cache
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.model.chat import Usage
from orkeon_engine.domain.model.usage import UsageRecord
from orkeon_engine.domain.ui.args import ArgumentError, parse_args
from orkeon_engine.ports.caches import CacheInfo
from tests.support.deps import make_deps
from tests.support.doubles.fake_caches import FakeCaches
from tests.support.doubles.fake_usage_ledger import FakeUsageLedger

INDEX = CacheInfo("code-index", "symbols and imports", "/repo/.orkeon/local/code_index.db", 3 * 1024 * 1024)
JEDI = CacheInfo("code-navigation", "jedi's parse caches", "/repo/.orkeon/local/jedi", 2048)


def _args(*tokens):
    return parse_args("cache", ARGS, list(tokens))


async def test_cache_lists_each_local_cache_with_its_size():
    deps = await make_deps(caches=FakeCaches(INDEX, JEDI))

    view = await run_cache(_args(), deps)

    assert view.table.rows == (
        ("code-index", "symbols and imports", "3.0 MiB", "/repo/.orkeon/local/code_index.db"),
        ("code-navigation", "jedi's parse caches", "2.0 KiB", "/repo/.orkeon/local/jedi"),
    )
    assert view.message.startswith("3.0 MiB on disk in 2 local caches.")


async def test_the_models_prompt_cache_is_shown_from_the_sessions_usage():
    ledger = FakeUsageLedger()
    deps = await make_deps(ledger=ledger)
    usage = Usage(2000, 10, cache_read_tokens=1500, cache_write_tokens=400)
    ledger.records.append(UsageRecord(deps.session.id, "advisor", "m", usage, deps.clock.now()))

    view = await run_cache(_args("list"), deps)

    assert view.table.rows[-1] == ("prompt", "1,500 prompt tokens read from it, 400 written", "at the provider",
                                   "the model's provider (not clearable)")


async def test_without_any_cache_it_says_so():
    deps = await make_deps()

    view = await run_cache(_args(), deps)

    assert view.message == "This engine keeps no cache."


async def test_clear_with_a_name_empties_that_cache_only():
    caches = FakeCaches(INDEX, JEDI)
    deps = await make_deps(caches=caches)

    view = await run_cache(_args("clear", "code-index"), deps)

    assert caches.cleared == ["code-index"]
    assert view.message.startswith("cleared code-index (3.0 MiB freed); each is rebuilt on its next use.")


async def test_clear_alone_empties_every_local_cache():
    caches = FakeCaches(INDEX, JEDI)
    deps = await make_deps(caches=caches)

    await run_cache(_args("clear"), deps)

    assert caches.cleared == ["code-index", "code-navigation"]


async def test_clearing_an_unknown_cache_lists_the_known_ones():
    deps = await make_deps(caches=FakeCaches(INDEX))

    with pytest.raises(CommandFailedError, match="no cache named 'models'; caches: code-index"):
        await run_cache(_args("clear", "models"), deps)


async def test_the_prompt_cache_cannot_be_cleared_and_says_why():
    deps = await make_deps(caches=FakeCaches(INDEX))

    with pytest.raises(CommandFailedError, match="kept by the provider"):
        await run_cache(_args("clear", "prompt"), deps)


async def test_a_cache_that_cannot_be_removed_fails_with_the_reason():
    caches = FakeCaches(INDEX)
    caches.fail["code-index"] = "permission denied"
    deps = await make_deps(caches=caches)

    with pytest.raises(CommandFailedError, match="code_index.db cannot be removed: permission denied"):
        await run_cache(_args("clear", "code-index"), deps)


async def test_an_unknown_action_shows_the_usage():
    deps = await make_deps()

    with pytest.raises(ArgumentError, match="unknown action 'purge'"):
        await run_cache(_args("purge"), deps)


def test_sizes_read_in_bytes_kibibytes_mebibytes_and_gibibytes():
    assert [format_size(n) for n in (0, 1536, 5 * 1024**2, 3 * 1024**3)] == ["0 B", "1.5 KiB", "5.0 MiB", "3.0 GiB"]
