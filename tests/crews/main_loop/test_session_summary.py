from orkeon_engine.crews.main_loop.session_summary import (
    SUMMARY_HEADINGS,
    build_session_summary_prompt,
    build_session_summary_request,
)
from orkeon_engine.domain.session.history import SUMMARY, archived
from orkeon_engine.domain.session.session import BufferEntry


def test_the_prompt_names_every_fixed_heading_in_order():
    prompt = build_session_summary_prompt()

    positions = [prompt.index(heading) for heading in SUMMARY_HEADINGS]
    assert positions == sorted(positions)


def test_the_request_carries_the_compacted_turns_too():
    entries = [archived(BufferEntry("user", "the first request")), BufferEntry("system", "summary", SUMMARY),
               BufferEntry("user", "the last request")]

    request = build_session_summary_request(entries)

    assert "[person] the first request" in request and "[compacted] summary" in request
