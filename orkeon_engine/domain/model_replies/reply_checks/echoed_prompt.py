"""A reply that writes the prompt back instead of answering it: the harness's `<system-reminder>` text, or
mostly the prose lines of the system and user messages, or nothing but a piece of a note the loop sent this
turn (domain/model_replies/echoed_results.py says when). The model is told once a turn, a note of its own
beside the result echo's; a final answer that still holds the harness's text is replaced by the loop
(`PROMPT_ECHO_ANSWER`)."""

from __future__ import annotations

from orkeon_engine.domain.model_replies.echoed_results import echoes_prompt, repeats_note
from orkeon_engine.domain.model_replies.reply_checks.check import ReplyView, prompt_texts

PROMPT_ECHO_NOTE = ("Your reply repeated the instructions you were given instead of answering them. Now call the next "
                    "tool you need, or give the final answer to the request in your own words.")


class EchoedPromptCheck:
    """A reply without calls that repeats the prompt or the loop's own note: told once a turn."""

    name = "echoed_prompt"
    limit = 1

    def note(self, reply: ReplyView) -> str | None:
        if reply.message.tool_calls:
            return None
        text = reply.message.text
        echoed = echoes_prompt(text, prompt_texts(reply.conversation)) or repeats_note(text, reply.notes)
        return PROMPT_ECHO_NOTE if echoed else None
