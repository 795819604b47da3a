"""A reply that says nothing: no letter or digit once the chat templates' own tags are gone.

Qwen2.5-Coder-1.5B on llama.cpp, asked to fix a function, once answered `<tools></tools>` (the tag its chat
template wraps the tool list in) and nothing else; it was shown to the person as the answer. Such a reply,
like an empty one or a lone ".", is no answer: the tool loop asks the model once for one
(reply_checks/empty_reply.py), and a turn that still ends on one shows the sentence that says the model gave
no answer. Only the tags of tool calling and thinking count as nothing (`TEMPLATE_TAGS`): `<br/>` or
`<div></div>` may be what was asked for.
"""

from __future__ import annotations

import re

TEMPLATE_TAGS = frozenset({"tools", "tool", "tool_call", "tool_calls", "tool_response", "tool_result", "function",
                           "functions", "function_call", "parameter", "arguments", "think", "thinking"})
_TAG = re.compile(r"</?([A-Za-z_][\w:.-]*)(?:\s[^<>]*)?/?>")


def says_nothing(text: str) -> bool:
    """Whether `text` holds no letter or digit once its chat-template tags (`<tools>`, `</tool_call>`) are
    gone."""
    bare = _TAG.sub(lambda tag: "" if tag.group(1).lower() in TEMPLATE_TAGS else tag.group(0), text)
    return not any(char.isalnum() for char in bare)
