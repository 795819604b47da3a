"""Lifecycle: `initialize` (the client's support, its settings, the workspace root), the engine's build, and
`shutdown` (the running commands are cancelled, then the engine is closed).

`initialize` answers at once: the engine (its wiring, the workspace's SQLite state) is built in the
background right after, and the warnings about refused settings are shown then. The workspace root is
the first of `workspaceFolders`, else `rootUri`, else `rootPath`, else the server's working folder.
"""

from __future__ import annotations

import asyncio
import gc
import os
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.uris import to_fs_path

from orkeon_engine.domain.ui.client_info import ClientInfo
from orkeon_lsp.client import ClientSupport, describe_client
from orkeon_lsp.features.children import ChildProgress, watch_children
from orkeon_lsp.features.progress import RequestProgress, report_wait
from orkeon_lsp.features.settings import apply_to_session, take_initialization_options
from orkeon_lsp.model_client import load_model_client_when_idle
from orkeon_lsp.settings import DEFAULTS

if TYPE_CHECKING:
    from orkeon_engine.engine import Engine
    from orkeon_lsp.server_api import ServerApi


def workspace_root(params: types.InitializeParams) -> tuple[Path, list[str]]:
    """The folder the engine works in, and a note for each folder it leaves aside."""
    notes: list[str] = []
    folders = [path for folder in params.workspace_folders or [] if (path := to_fs_path(folder.uri))]
    if len(folders) > 1:
        notes.append(f"several workspace folders: Orkeon works in the first, {folders[0]}")
    if folders:
        return Path(folders[0]), notes
    if params.root_uri and (path := to_fs_path(params.root_uri)):
        return Path(path), notes
    if params.root_path:
        return Path(params.root_path), notes
    notes.append(f"the client named no workspace folder: Orkeon works in {os.getcwd()}")
    return Path(os.getcwd()), notes


def start_up_done() -> None:
    """Collect garbage again (__main__.main() paused the collector for start-up), the start-up objects frozen
    out of every later collection."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


async def open_engine(server: ServerApi, root: Path, notes: list[str], client: ClientInfo | None = None) -> Engine:
    """Build the engine for `root` and apply the client's initial settings to its session; `client` is the
    editor and its capabilities, as /doctor shows them."""
    start_up_done()
    for note in notes:
        server.tell("warning", note)
    from orkeon_engine.bootstrap import build_engine  # here, not at import: it stays off initialize's path
    from orkeon_engine.engine import UserInterface

    ui = UserInterface(human=server.human, progress=RequestProgress(server, "Orkeon"), logger=server.logger,
                       progress_for=lambda title: ChildProgress(server, title), waiting=report_wait)
    settings = server.settings
    try:
        engine = await build_engine(root, ui, resume=settings.resume, documents=server.documents, client_info=client)
    except LookupError as error:
        server.tell("warning", f"orkeon settings: resume: {error.args[0] if error.args else error}; "
                               "the workspace's current session is continued")
        engine = await build_engine(root, ui, documents=server.documents, client_info=client)
    await apply_to_session(server, engine, DEFAULTS, settings)
    watch_children(server, engine)
    server.trust_check = asyncio.ensure_future(engine.settle_trust())  # in the background: requests go on
    server.log("info", f"Orkeon {engine.deps.version} in {engine.deps.workspace.root}, session {engine.session_id}")
    load_model_client_when_idle(server, engine)
    return engine


def setup(server: ServerApi) -> None:
    @server.feature(types.INITIALIZE)
    def on_initialize(ls: ServerApi, params: types.InitializeParams) -> None:
        ls.support = ClientSupport.from_capabilities(params.capabilities)
        notes = take_initialization_options(ls, params.initialization_options)
        root, root_notes = workspace_root(params)
        notes.extend(root_notes)
        client = describe_client(ls.support, params.client_info, ls.settings.ask_in_editor)
        ls.engine.start(lambda: open_engine(ls, root, notes, client),
                        lambda reason: ls.tell("error", f"orkeon: {reason}"))

    @server.feature(types.SHUTDOWN)
    async def on_shutdown(ls: ServerApi, params: None) -> None:
        ls.shut_down = True
        await ls.cancellations.stop_all()
        ls.engine.close()
