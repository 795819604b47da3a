"""A session/prompt's content blocks as the one line of text the engine takes: the text blocks as written,
a mentioned file (`resource_link`) as its path, and a file the client sent whole (`resource`) as its text
after the request, each under its path. A file of the workspace is named by its virtual path
(`/workspace/src/a.py`), the way the model's tools name it; images and audio are not taken (the agent
does not declare them) and are left out.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from urllib.parse import unquote, urlparse

from acp.schema import (
    AudioContentBlock,
    EmbeddedResourceContentBlock,
    ImageContentBlock,
    ResourceContentBlock,
    TextContentBlock,
    TextResourceContents,
)

Block = TextContentBlock | ImageContentBlock | AudioContentBlock | ResourceContentBlock | EmbeddedResourceContentBlock


def prompt_text(blocks: Sequence[Block], root: str) -> str:
    """The request: the text and mentions in order, then each attached file's text."""
    request: list[str] = []
    attached: list[str] = []
    for block in blocks:
        if isinstance(block, TextContentBlock):
            request.append(block.text)
        elif isinstance(block, ResourceContentBlock):
            request.append(mention(block.uri, root))
        elif isinstance(block, EmbeddedResourceContentBlock):
            resource = block.resource
            name = mention(resource.uri, root)
            if isinstance(resource, TextResourceContents):
                attached.append(f"{name}:\n```\n{resource.text}\n```")
            else:
                request.append(name)
    text = "".join(request).strip()
    return "\n\n".join([text, *attached]) if attached else text


def mention(uri: str, root: str) -> str:
    """A file's URI as the model names it: its virtual path under /workspace, else its host path, else the
    URI as given."""
    parsed = urlparse(uri)
    if parsed.scheme not in ("file", ""):
        return uri
    path = unquote(parsed.path)
    if not os.path.isabs(path):
        return uri
    path = os.path.normpath(path)
    relative = os.path.relpath(path, os.path.normpath(root))
    if relative == os.curdir:
        return "/workspace"
    if relative == os.pardir or relative.startswith(os.pardir + os.sep):
        return path
    return "/workspace/" + relative.replace(os.sep, "/")
