"""write_atomically: replace a file whole or not at all (a temp file beside it, fsync, then a rename), or
create one whole without ever replacing another, for the engine's own files (settings, memory, trust, the
shared memory's entries). The VFS writes the model's files its own way, by folder
descriptor (adapters/mount_walk.py), as a path the model names may be raced."""

from __future__ import annotations

import os
from pathlib import Path


def write_atomically(path: Path, text: str, replace: bool = True) -> None:
    """Write `text` (UTF-8, newlines as given) to a temp file beside `path`, then rename it over `path`.

    With `replace=False` the file is only created: the temp file is hard-linked to its name, which never
    replaces a file that exists (FileExistsError then). On any failure the temp file is removed and `path`
    is left as it was; the OSError (or encoding error) propagates."""
    import tempfile  # here: reading the settings, every command's first step, writes nothing

    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".orkeon-tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        if replace:
            os.replace(temp, path)
        else:
            os.link(temp, path)
            Path(temp).unlink()
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
