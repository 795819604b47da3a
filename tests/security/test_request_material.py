"""A turn reads, unasked, the files its request names and the lines that share its words. A request is the
person's, but it may be pasted from an issue or a chat, and the project is not theirs: the reads go through
the real VFS and the gate's read rules, so a path typed to leave the workspace, a symlink out of it, an env
file (by name or through a symlink) and a file whose file_read would ask never reach the prompt."""

import pytest

from orkeon_engine.adapters.vfs import create_workspace_vfs
from orkeon_engine.domain.permissions.decide import GateContext
from orkeon_engine.domain.permissions.rule_sets import RULE_SETS
from orkeon_engine.domain.permissions.rules import Rule, RuleEntry
from orkeon_engine.services.context_files import quiet_read_refusal
from orkeon_engine.services.request_material import MaterialChoice, read_request_material
from tests.support.bash_grammar import BASH_GRAMMAR

SECRET = "INVENTORY_PORT_TOKEN=sk-live-0123456789abcdef"
LISTED = ("src/a.py", ".env", "notes.txt", "src/out.txt", "private/keys.py")


@pytest.fixture
def files(tmp_path):
    root = tmp_path / "ws"
    (root / "src").mkdir(parents=True)
    (root / "private").mkdir()
    (root / "src" / "a.py").write_text("inventory_port = 1\n")
    (root / "private" / "keys.py").write_text("inventory_port_key = 'hunter2'\n")
    (root / ".env").write_text(SECRET + "\n")
    (root / "notes.txt").symlink_to(root / ".env")
    outside = tmp_path / "outside.txt"
    outside.write_text("inventory port host secret\n")
    (root / "src" / "out.txt").symlink_to(outside)
    vfs = create_workspace_vfs(root, root / ".orkeon" / "local")
    yield vfs
    vfs.close()


def _refusal():
    ask = RuleEntry(Rule("ask", "file_read", "/private/**"), "project settings")
    return quiet_read_refusal(GateContext("default", [*RULE_SETS["secrets"].entries(), ask], read=BASH_GRAMMAR.read))


async def _material(files, request):
    return await read_request_material(files, _refusal(), request, LISTED, (), 50_000,
                                       MaterialChoice(named_files=True, search=True))


@pytest.mark.parametrize("request_text", [
    "show me .env", "what does notes.txt say", "read src/out.txt", "read ../outside.txt",
    "read /workspace/../outside.txt", "open private/keys.py",
])
async def test_a_named_path_out_of_the_workspace_secret_or_asking_is_never_read(files, request_text):
    material = await _material(files, request_text)

    assert material.named == ()


async def test_the_search_never_shows_a_line_of_a_secret_an_outside_or_an_asking_file(files):
    material = await _material(files, "inventory port token key host secret")

    shown = "\n".join(hit.render() for hit in material.lines)
    assert shown == "src/a.py:1: inventory_port = 1"
