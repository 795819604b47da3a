"""HeldCallText: the model's streamed text, held back from where a tool call written as text may begin.

A front end that shows the answer as it streams must never show a call blob (domain/model_replies/text_tool_calls.py):
the text passes on until a fence, a `<tool_call>`, a `<function=` or `<function name=`, a `[TOOL_CALLS]`
or a reply opening with `{` or `[` appears, and from there it is held until the reply is complete; then
`finish` hands over the rest of what is to be shown (the note before the calls, or the whole text when it
held none). A marker split across two pieces is held until the next piece says which it is. A reply that
opens with the labels of a labelled call ("### Function Call", a line that is one name: text_call_forms) is
held while it still may be one, so a one-word first line shows only with the next word. The price: an
answer with a code block shows from that block on only once it is complete.
"""

from __future__ import annotations

from orkeon_engine.domain.model_replies.text_call_forms import labelled_lead

MARKERS = ("```", "<tool_call", "<tools>", "<function", "[TOOL_CALLS]")
OPENERS = ("{", "[")


class HeldCallText:
    """Feed it the pieces as they arrive; show what `feed` returns, then what `finish` returns."""

    def __init__(self) -> None:
        self._text = ""
        self._shown = 0
        self._holding = False

    def feed(self, piece: str) -> str:
        """What of the text so far may be shown now, beyond what was already shown."""
        self._text += piece
        if self._holding:
            return ""
        if not self._text.strip():
            return ""  # nothing but spaces yet: the reply may still open with `{`
        if self._text.lstrip()[:1] in OPENERS:
            self._holding = True
            return ""
        if self._shown == 0 and labelled_lead(self._text):  # "### Function Call" and a name: maybe a call
            self._holding = "```" in self._text
            return ""
        start = self._first_marker()
        safe = start if start is not None else len(self._text) - self._partial_marker()
        if start is not None:
            self._holding = True
        return self._show_until(safe)

    def finish(self, shown_text: str) -> str:
        """The rest of `shown_text` (the note, or the whole reply) not shown yet; nothing when what was
        shown is not its beginning."""
        already = self._text[:self._shown]
        self._shown = len(self._text)
        self._holding = True
        return shown_text[len(already):] if shown_text.startswith(already) else ""

    def _show_until(self, end: int) -> str:
        if end <= self._shown:
            return ""
        shown = self._text[self._shown:end]
        self._shown = end
        return shown

    def _first_marker(self) -> int | None:
        found = [index for marker in MARKERS if (index := self._text.find(marker, self._shown)) >= 0]
        return min(found) if found else None

    def _partial_marker(self) -> int:
        """How many characters at the end could be the beginning of a marker."""
        tail = self._text[self._shown:]
        longest = 0
        for marker in MARKERS:
            for size in range(min(len(marker) - 1, len(tail)), 0, -1):
                if tail.endswith(marker[:size]):
                    longest = max(longest, size)
                    break
        return longest
