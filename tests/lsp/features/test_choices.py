"""orkeon/choices: the values of an argument known only at run time, asked by an editor's completion."""

from __future__ import annotations

import pytest
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams

from orkeon_engine.domain.session.session import BufferEntry
from orkeon_lsp.features.choices import CHOICES_REQUEST, source_of


async def test_the_saved_sessions_are_offered_with_the_current_one(connect):
    async with connect() as (client, server):
        engine = await server.engine.get()
        await engine.deps.session.append(BufferEntry("user", "hello"))

        answer = await client.protocol.send_request_async(CHOICES_REQUEST, {"source": "sessions"})

    assert engine.session_id in [choice["value"] for choice in answer]


async def test_an_unknown_source_is_invalid_params_naming_the_known_ones(connect):
    async with connect() as (client, server):
        with pytest.raises(JsonRpcException) as refused:
            await client.protocol.send_request_async(CHOICES_REQUEST, {"source": "branches"})

    assert refused.value.code == JsonRpcInvalidParams.CODE and "sessions" in refused.value.message


def test_params_without_a_source_are_refused():
    with pytest.raises(JsonRpcInvalidParams, match="source"):
        source_of({"name": "sessions"})
