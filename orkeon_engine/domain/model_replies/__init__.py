"""What a model wrote, read by code: tool calls written as text (every form, and the text held back while
one may be streaming), the prompt tool protocol for models without native calls, edits and whole-file
blocks written as text, Markdown fences, JSON found in an answer, and the replies that need a corrective
note (an echoed result, an empty reply, a call of an unknown tool, a claim the turn does not back). What a
tool does with a call it receives belongs in tools/."""
