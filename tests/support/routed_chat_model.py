"""RoutedChatModel: the ChatModel port for batches that run at once: each call is answered from the script of
the one batch its conversation is about (the route whose marker, such as the batch's test file, appears in
the messages), so the interleaving of the batches' calls does not matter. `latency` holds each call that long
(the benchmark's fixed per-call latency); `max_active` is the most calls seen in flight at once. With `meet`
set, the first call of each route waits until `meet` routes have a call in flight (an AssertionError after
30 s): proof that that many batches run at once."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

from orkeon_engine.domain.model.chat import CallOptions, ChatMessage, ChatReply
from tests.support.scripted_chat_model import ScriptedChatModel


class RoutedChatModel:
    def __init__(self, routes: Mapping[str, ScriptedChatModel], latency: float = 0.0,
                 model: str = "scripted/model", meet: int = 0) -> None:
        self.routes = dict(routes)
        self.latency = latency
        self.model = model
        self.meet = meet
        self.active = 0
        self.max_active = 0
        self._met: set[str] = set()
        self._all_met = asyncio.Event()

    @property
    def remaining(self) -> int:
        return sum(script.remaining for script in self.routes.values())

    async def configured_model(self, options: CallOptions) -> str:
        return options.model or self.model

    async def tool_protocol(self, options: CallOptions) -> str:
        return "native"

    async def chat(self, messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]],
                   options: CallOptions) -> ChatReply:
        text = "\n".join(message.text for message in messages)
        hits = [marker for marker in self.routes if marker in text]
        if len(hits) != 1:
            raise AssertionError(f"RoutedChatModel: {len(hits)} routes ({', '.join(hits) or 'none'}) match the "
                                 f"call whose last message is {messages[-1].text[:300]!r}")
        self.active += 1
        self.max_active = max(self.max_active, self.active)
        try:
            await self._meet(hits[0])
            await asyncio.sleep(self.latency)
            return await self.routes[hits[0]].chat(messages, tools, options)
        finally:
            self.active -= 1

    async def _meet(self, route: str) -> None:
        if not self.meet or route in self._met:
            return
        self._met.add(route)
        if len(self._met) >= self.meet:
            self._all_met.set()
        try:
            await asyncio.wait_for(self._all_met.wait(), 30)
        except TimeoutError:
            raise AssertionError(f"RoutedChatModel: only {sorted(self._met)} called; {self.meet} routes were "
                                 "to run at once") from None
