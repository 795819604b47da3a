"""FakeStreamingChatModel: the StreamingChatModel port over a ScriptedChatModel, handing each reply's text
over in pieces of `piece` characters; `streamed` counts the streamed calls."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from orkeon_engine.domain.model.chat import CallOptions, ChatMessage, ChatReply
from orkeon_engine.ports.chat_model import TextSink
from tests.support.scripted_chat_model import ScriptedChatModel


class FakeStreamingChatModel:
    def __init__(self, scripted: ScriptedChatModel, piece: int = 3) -> None:
        self.scripted = scripted
        self.piece = piece
        self.streamed = 0

    async def chat(self, messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]],
                   options: CallOptions) -> ChatReply:
        return await self.scripted.chat(messages, tools, options)

    async def chat_streamed(self, messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]],
                            options: CallOptions, on_text: TextSink) -> ChatReply:
        self.streamed += 1
        reply = await self.scripted.chat(messages, tools, options)
        text = reply.message.text
        for start in range(0, len(text), self.piece):
            await on_text(text[start:start + self.piece])
        return reply

    async def configured_model(self, options: CallOptions) -> str:
        return await self.scripted.configured_model(options)

    async def tool_protocol(self, options: CallOptions) -> str:
        return await self.scripted.tool_protocol(options)
