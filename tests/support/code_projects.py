"""Small source projects for the code index's tests: the polyglot fixture copied into a temporary folder,
with the files the index must leave out (git-ignored, vendored) added there, since this repository's own
.gitignore keeps such files out of its fixtures."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "code_index"


def copy_project(dest: Path, name: str = "polyglot", git: bool = False) -> Path:
    """Copy the fixture project `name` to `dest` and add the ignored files; with `git`, make it a repository."""
    root = dest / name
    shutil.copytree(FIXTURES / name, root)
    (root / ".gitignore").write_text("generated/\n*.tmp.py\n", encoding="utf-8")
    for path, text in {
        "generated/schema.py": "class Generated:\n    pass\n",
        "shop/scratch.tmp.py": "def scratch():\n    pass\n",
        "web/node_modules/left/index.js": "export function leftPad() {}\n",
        "build/lib/shop/models.py": "class Item:\n    pass\n",
        ".venv/lib/site.py": "def site():\n    pass\n",
        "README.md": "# The shop\n",
    }.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    if git:
        subprocess.run(["git", "init", "-q", str(root)], check=True)
    return root
