from orkeon_engine.domain.context.compaction_thresholds import thresholds_for
from orkeon_engine.domain.session.compaction import BREAKER_KEY, BREAKER_LIMIT, MEMORIES_BEGIN, MEMORIES_END
from orkeon_engine.domain.session.history import RESTORED_FILE, SNIP_NOTE, SUMMARY, is_archived, live
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.session.working_files import WORKING_FILES_KEY
from orkeon_engine.ports.chat_model import LlmFailure
from orkeon_engine.services.compaction import CompactionPorts, compact_session
from tests.support.deps import make_deps
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_memory_store import FakeMemoryStore
from tests.support.scripted_chat_model import ScriptedChatModel

SMALL = thresholds_for(8_000)  # usable 4,000: automatic past 2,400, a snip keeps 1,200, the target is 1,600
NO_MEMORIES = f"{MEMORIES_BEGIN}\n{MEMORIES_END}"


def _summary(text="## Goal\nSplit the parser."):
    return f"<summary>\n{text}\n</summary>"


def _exchanges(count, size):
    entries = []
    for n in range(count):
        entries += [BufferEntry("user", f"request {n} " + "r" * size), BufferEntry("assistant", f"answer {n}")]
    return entries


async def _setup(entries, turns=(), files=None, memory=None):
    model = ScriptedChatModel(list(turns))
    deps = await make_deps(chat_model=model, vfs=files, memory=memory)
    await deps.session.append(*entries)
    ports = CompactionPorts(deps.session, deps.memory, deps.files, deps.llm, deps.logger)
    return deps, model, ports


async def test_the_automatic_compaction_leaves_a_history_under_its_threshold_alone():
    deps, model, ports = await _setup(_exchanges(2, 100))

    outcome = await compact_session(ports, SMALL, automatic=True)

    assert outcome.kind == "none" and model.requests == []


async def test_facts_move_to_memory_first_then_a_snip_that_is_enough_ends_the_compaction():
    memory = FakeMemoryStore()
    answer = f"{MEMORIES_BEGIN}\n- project: the parser is generated from a grammar\n{MEMORIES_END}"
    deps, model, ports = await _setup(_exchanges(10, 1_100), [answer], memory=memory)

    outcome = await compact_session(ports, SMALL, automatic=True)

    entries = await deps.session.entries()
    assert outcome.kind == "snipped" and outcome.notes_saved == ("m-1",)
    assert [note.text for note in memory.notes] == ["the parser is generated from a grammar"]
    assert len(model.requests) == 1 and "<transcript>" in model.requests[0].last_user_text
    assert any(e.kind == SNIP_NOTE for e in live(entries)) and outcome.after <= SMALL.target


async def test_memory_notes_that_cannot_be_read_skip_the_facts_step_and_the_snip_still_runs():
    memory = FakeMemoryStore()
    memory.fail_reads = OSError("/home/me/.config/orkeon/memory.json is not valid JSON")
    deps, model, ports = await _setup(_exchanges(10, 1_100), memory=memory)

    outcome = await compact_session(ports, SMALL, automatic=True)

    assert outcome.kind == "snipped" and outcome.notes_saved == () and model.requests == []
    assert "memory.json is not valid JSON" in deps.logger.text()


async def test_a_summary_replaces_the_live_history_when_the_snip_is_not_enough():
    deps, model, ports = await _setup(_exchanges(3, 8_000), [NO_MEMORIES, _summary()])

    outcome = await compact_session(ports, SMALL, focus="the parser split")

    entries = await deps.session.entries()
    assert outcome.kind == "summarised"
    assert [(e.kind, e.text) for e in live(entries)] == [(SUMMARY, "## Goal\nSplit the parser.")]
    assert sum(1 for e in entries if is_archived(e)) == 6
    assert "keep one thing above all: the parser split" in model.requests[1].system
    assert model.requests[1].tools == ()


async def test_an_empty_summary_fails_leaves_the_history_and_counts_on_the_breaker():
    deps, model, ports = await _setup(_exchanges(3, 8_000), [NO_MEMORIES, "Here is a summary without markers."])
    before = await deps.session.entries()

    outcome = await compact_session(ports, SMALL, automatic=True)

    assert outcome.kind == "failed" and "summary was empty" in outcome.error
    assert await deps.session.entries() == before
    assert (await deps.session.get_state(BREAKER_KEY))["failures"] == 1


async def test_a_failed_model_call_counts_on_the_breaker_too():
    deps, model, ports = await _setup(_exchanges(3, 8_000), [LlmFailure("503 upstream busy", kind="server")])

    outcome = await compact_session(ports, SMALL, automatic=True)

    assert outcome.kind == "failed" and outcome.error == "503 upstream busy" and outcome.failures == 1


async def test_an_open_breaker_skips_the_automatic_compaction_without_a_model_call():
    deps, model, ports = await _setup(_exchanges(3, 8_000))
    await deps.session.set_state(BREAKER_KEY, {"failures": BREAKER_LIMIT, "lastError": "empty summary"})

    outcome = await compact_session(ports, SMALL, automatic=True)

    assert outcome.kind == "skipped" and model.requests == []
    assert "run /compact to retry" in outcome.describe()


async def test_a_compaction_asked_for_tries_past_an_open_breaker_and_its_success_resets_it():
    deps, model, ports = await _setup(_exchanges(3, 8_000), [NO_MEMORIES, _summary()])
    await deps.session.set_state(BREAKER_KEY, {"failures": BREAKER_LIMIT, "lastError": "x"})

    outcome = await compact_session(ports, SMALL)

    assert outcome.kind == "summarised" and await deps.session.get_state(BREAKER_KEY) is None


async def test_snip_only_calls_no_model():
    deps, model, ports = await _setup(_exchanges(10, 1_100))

    outcome = await compact_session(ports, SMALL, snip_only=True)

    assert outcome.kind == "snipped" and outcome.dropped > 0 and model.requests == []


async def test_the_working_files_come_back_after_a_compaction_whole_or_named():
    files = FakeFiles({"/workspace/small.py": "x = 1\n", "/workspace/huge.py": "y" * 80_000})
    deps, model, ports = await _setup(_exchanges(3, 8_000), [NO_MEMORIES, _summary()], files=files)
    await deps.session.set_state(WORKING_FILES_KEY, ["/workspace/huge.py", "/workspace/small.py"])

    outcome = await compact_session(ports, SMALL)

    restored = [e.text for e in live(await deps.session.entries()) if e.kind == RESTORED_FILE]
    assert outcome.restored == ("/workspace/small.py",) and outcome.named == ("/workspace/huge.py",)
    assert "x = 1" in restored[1] and "too large to restore here" in restored[0]


async def test_an_empty_history_has_nothing_to_compact():
    deps, model, ports = await _setup([])

    outcome = await compact_session(ports, SMALL)

    assert outcome.kind == "none" and model.requests == []
