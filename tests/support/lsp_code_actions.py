"""A repair of lsprotocol 2025.0.0 on the client side: a CodeAction carrying a command comes back mangled.

The client's converter structures any object with a "command" key as a Command, so a CodeAction whose
`command` is an object turns into a Command whose command is that object's repr. The hook picks Command
only when `command` is a string (LIBRARIES.md). The server side is not affected.
"""

from __future__ import annotations

from typing import Any, Union

from lsprotocol import types
from pytest_lsp import LanguageClient


def repair_code_action_results(client: LanguageClient) -> None:
    converter = client.protocol._converter

    def structure(obj: Any, _: Any) -> types.Command | types.CodeAction:
        kind = types.Command if isinstance(obj.get("command"), str) else types.CodeAction
        return converter.structure(obj, kind)

    converter.register_structure_hook(Union[types.Command, types.CodeAction], structure)  # noqa: UP007
