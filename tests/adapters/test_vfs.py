import os
import subprocess
import sys
import tempfile

import pytest

from orkeon_engine.adapters.vfs import VirtualFileSystem, create_workspace_vfs
from orkeon_engine.ports.files import EditRefusedError, FilesError, Mount
from tests.support.doubles.fake_open_documents import FakeOpenDocuments
from tests.support.orkeon_cli import ROOT


@pytest.fixture
def tree(tmp_path):
    workspace = tmp_path / "project"
    (workspace / "src").mkdir(parents=True)
    (workspace / "src" / "app.py").write_text("print('hi')\n")
    prompts = tmp_path / "prompts"
    prompts.mkdir()
    (prompts / "review.md").write_text("Review the diff.\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("key\n")
    return workspace, prompts, outside


def _vfs(tmp_path, tree, documents=None):
    workspace, prompts, _ = tree
    local = workspace / ".orkeon" / "local"
    return create_workspace_vfs(workspace, local, documents, read_only=[Mount("/prompts", str(prompts), True)])


async def test_a_relative_path_reads_the_workspace_file(tmp_path, tree):
    vfs = _vfs(tmp_path, tree)

    assert await vfs.read_text("src/app.py") == "print('hi')\n"
    vfs.close()


async def test_the_mounts_are_the_workspace_output_tmp_and_the_read_only_ones(tmp_path, tree):
    vfs = _vfs(tmp_path, tree)

    mounts = {m.virtual: m.writable for m in vfs.mounts()}

    assert mounts == {"/workspace": True, "/output": True, "/tmp": True, "/prompts": False}
    assert vfs.host_path("/output/report.md") == str(tree[0].resolve() / ".orkeon" / "local" / "output" / "report.md")
    vfs.close()


async def test_dot_dot_out_of_a_mount_is_refused(tmp_path, tree):
    vfs = _vfs(tmp_path, tree)

    with pytest.raises(FilesError, match=r"'\.\.' leaves the mount /workspace"):
        await vfs.read_text("../outside/secret.txt")
    vfs.close()


async def test_an_absolute_host_path_is_refused(tmp_path, tree):
    vfs = _vfs(tmp_path, tree)

    with pytest.raises(FilesError) as caught:
        await vfs.read_text("/etc/passwd")

    assert caught.value.path == "/etc/passwd" and "absolute host paths are refused" in caught.value.reason
    vfs.close()


async def test_a_host_path_under_tmp_is_read_as_the_private_tmp_mount(tmp_path, tree):
    vfs = _vfs(tmp_path, tree)

    with pytest.raises(FilesError, match="no such file"):
        await vfs.read_text(str(tree[2] / "secret.txt"))
    vfs.close()


async def test_a_symlink_leaving_its_mount_is_refused_for_reads_and_writes(tmp_path, tree):
    workspace, _, outside = tree
    os.symlink(outside, workspace / "escape")
    vfs = _vfs(tmp_path, tree)

    with pytest.raises(FilesError, match="a symlink leads out of the mount /workspace"):
        await vfs.read_text("escape/secret.txt")
    with pytest.raises(FilesError, match="a symlink leads out"):
        await vfs.write_text("escape/new.txt", "x")
    assert not (outside / "new.txt").exists()
    vfs.close()


async def test_a_dangling_symlink_pointing_out_is_refused(tmp_path, tree):
    workspace, _, outside = tree
    os.symlink(outside / "not-yet.txt", workspace / "later.txt")
    vfs = _vfs(tmp_path, tree)

    with pytest.raises(FilesError, match="a symlink leads out"):
        await vfs.write_text("later.txt", "x")
    vfs.close()


async def test_a_symlink_inside_its_mount_is_followed_and_written_through(tmp_path, tree):
    workspace = tree[0]
    os.symlink(workspace / "src" / "app.py", workspace / "link.py")
    vfs = _vfs(tmp_path, tree)

    await vfs.write_text("link.py", "print('bye')\n")

    assert (workspace / "src" / "app.py").read_text() == "print('bye')\n"
    assert (workspace / "link.py").is_symlink()
    vfs.close()


async def test_the_real_path_names_what_a_symlink_inside_the_mount_leads_to(tmp_path, tree):
    workspace = tree[0]
    os.symlink(workspace / "src", workspace / "code")
    vfs = _vfs(tmp_path, tree)

    assert vfs.real_path("code/app.py") == "/workspace/src/app.py"
    assert vfs.real_path("src/app.py") == "/workspace/src/app.py"
    assert vfs.real_path("/workspace") == "/workspace"
    vfs.close()


@pytest.mark.parametrize("name", ["bad\x00name.txt", "bad\nname.txt"])
async def test_a_name_with_a_nul_or_newline_is_refused(tmp_path, tree, name):
    vfs = _vfs(tmp_path, tree)

    with pytest.raises(FilesError, match="NUL or a line break"):
        await vfs.write_text(name, "x")
    vfs.close()


async def test_a_write_to_a_read_only_mount_is_refused_and_leaves_the_file(tmp_path, tree):
    vfs = _vfs(tmp_path, tree)

    with pytest.raises(FilesError, match="/prompts is a read-only mount"):
        await vfs.write_text("/prompts/review.md", "changed")

    assert (tree[1] / "review.md").read_text() == "Review the diff.\n"
    vfs.close()


async def test_a_read_only_mount_can_be_read(tmp_path, tree):
    vfs = _vfs(tmp_path, tree)

    assert await vfs.read_text("/prompts/review.md") == "Review the diff.\n"
    vfs.close()


async def test_a_write_creates_folders_and_leaves_no_temp_file(tmp_path, tree):
    vfs = _vfs(tmp_path, tree)

    await vfs.write_text("/output/reviews/r1.md", "# Review\n")

    folder = tree[0] / ".orkeon" / "local" / "output" / "reviews"
    assert os.listdir(folder) == ["r1.md"] and (folder / "r1.md").read_text() == "# Review\n"
    vfs.close()


async def test_a_write_keeps_the_mode_and_the_line_endings(tmp_path, tree):
    script = tree[0] / "run.sh"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    vfs = _vfs(tmp_path, tree)

    await vfs.write_text("run.sh", "#!/bin/sh\r\necho hi\r\n")

    assert script.stat().st_mode & 0o777 == 0o755
    assert script.read_bytes() == b"#!/bin/sh\r\necho hi\r\n"
    assert await vfs.read_text("run.sh") == "#!/bin/sh\r\necho hi\r\n"
    vfs.close()


async def test_missing_files_folders_and_binary_files_name_the_path(tmp_path, tree):
    (tree[0] / "blob.bin").write_bytes(b"\xff\xfe\x00")
    vfs = _vfs(tmp_path, tree)

    reasons = []
    for path in ("nope.txt", "src", "blob.bin"):
        with pytest.raises(FilesError) as caught:
            await vfs.read_text(path)
        reasons.append(str(caught.value))

    assert reasons == [
        "/workspace/nope.txt: no such file",
        "/workspace/src: a folder, not a file",
        "/workspace/blob.bin: not UTF-8 text (a binary file?)",
    ]
    vfs.close()


async def test_an_open_file_is_read_from_the_editor_buffer(tmp_path, tree):
    host = str(tree[0].resolve() / "src" / "app.py")
    documents = FakeOpenDocuments({host: "print('unsaved')\n"})
    vfs = _vfs(tmp_path, tree, documents)

    assert await vfs.read_text("src/app.py") == "print('unsaved')\n"
    vfs.close()


async def test_a_write_to_an_open_file_the_editor_applies_leaves_the_disk_alone(tmp_path, tree):
    host = str(tree[0].resolve() / "src" / "app.py")
    documents = FakeOpenDocuments({host: "print('unsaved')\n"}, outcome="applied")
    vfs = _vfs(tmp_path, tree, documents)

    await vfs.write_text("src/app.py", "print('edited')\n")

    assert documents.applied == [(host, "print('edited')\n")]
    assert (tree[0] / "src" / "app.py").read_text() == "print('hi')\n"
    vfs.close()


async def test_a_write_to_an_open_file_the_editor_refuses_raises_and_changes_nothing(tmp_path, tree):
    host = str(tree[0].resolve() / "src" / "app.py")
    documents = FakeOpenDocuments({host: "print('unsaved')\n"}, outcome="refused")
    vfs = _vfs(tmp_path, tree, documents)

    with pytest.raises(EditRefusedError, match="/workspace/src/app.py: the editor refused"):
        await vfs.write_text("src/app.py", "print('edited')\n")

    assert (tree[0] / "src" / "app.py").read_text() == "print('hi')\n"
    vfs.close()


async def test_a_write_to_an_open_file_in_an_editor_without_edits_goes_to_disk(tmp_path, tree):
    host = str(tree[0].resolve() / "src" / "app.py")
    documents = FakeOpenDocuments({host: "print('unsaved')\n"}, outcome="unsupported")
    vfs = _vfs(tmp_path, tree, documents)

    await vfs.write_text("src/app.py", "print('edited')\n")

    assert (tree[0] / "src" / "app.py").read_text() == "print('edited')\n"
    vfs.close()


async def test_a_file_not_open_is_written_to_disk_without_asking_the_editor(tmp_path, tree):
    documents = FakeOpenDocuments()
    vfs = _vfs(tmp_path, tree, documents)

    await vfs.write_text("notes.md", "n\n")

    assert documents.applied == [] and (tree[0] / "notes.md").read_text() == "n\n"
    vfs.close()


async def test_a_listing_is_breadth_first_bounded_and_skips_entering_named_folders(tmp_path, tree):
    workspace = tree[0]
    (workspace / ".git" / "objects").mkdir(parents=True)
    (workspace / "src" / "deep").mkdir()
    (workspace / "src" / "deep" / "x.py").write_text("")
    vfs = _vfs(tmp_path, tree)

    entries = await vfs.list_dir("/workspace", depth=2, skip=frozenset({".git"}))

    paths = [e.path for e in entries]
    assert paths == ["/workspace/.git", "/workspace/.orkeon", "/workspace/src", "/workspace/.orkeon/local",
                     "/workspace/src/app.py", "/workspace/src/deep"]
    assert [e.size for e in entries if e.path.endswith("app.py")] == [12]
    assert len(await vfs.list_dir("/workspace", depth=3, limit=2)) == 2
    vfs.close()


async def test_a_listing_of_a_file_or_a_missing_folder_is_refused(tmp_path, tree):
    vfs = _vfs(tmp_path, tree)

    with pytest.raises(FilesError, match="a file, not a folder"):
        await vfs.list_dir("src/app.py")
    with pytest.raises(FilesError, match="no such folder"):
        await vfs.list_dir("nowhere")
    vfs.close()


async def test_exists_says_whether_a_path_is_there(tmp_path, tree):
    vfs = _vfs(tmp_path, tree)

    assert [await vfs.exists("src/app.py"), await vfs.exists("src/none.py")] == [True, False]
    vfs.close()


async def test_close_removes_the_private_temp_folder(tmp_path, tree):
    vfs = _vfs(tmp_path, tree)
    await vfs.write_text("/tmp/scratch.txt", "x")
    private = os.path.dirname(vfs.host_path("/tmp"))

    vfs.close()

    assert not os.path.exists(private)


def test_a_server_stopped_by_a_signal_leaves_no_private_folder(tmp_path):
    script = (
        "import os, signal\n"
        "from pathlib import Path\n"
        "from orkeon_engine.adapters.vfs import create_workspace_vfs\n"
        "from orkeon_engine.edge_io import stop_commands_on_signals\n"
        "stop_commands_on_signals()\n"
        f"vfs = create_workspace_vfs(Path({str(tmp_path)!r}), None)\n"
        "print(os.path.dirname(vfs.host_path('/tmp')), flush=True)\n"
        "os.kill(os.getpid(), signal.SIGTERM)\n"
        "import time; time.sleep(30)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60)

    private = done.stdout.strip()
    assert done.returncode == 143 and private.startswith(tempfile.gettempdir()), done.stderr
    assert not os.path.exists(private)


async def test_without_a_local_folder_output_lives_in_the_private_folder(tmp_path, tree):
    vfs = create_workspace_vfs(tree[0], None)

    output = next(m for m in vfs.mounts() if m.virtual == "/output")

    assert "not kept" in output.description and output.host.startswith(os.path.dirname(vfs.host_path("/tmp")))
    vfs.close()


def test_two_mounts_with_the_same_root_are_a_wiring_error(tmp_path):
    with pytest.raises(ValueError, match="distinct"):
        VirtualFileSystem([Mount("/a", str(tmp_path), True), Mount("/a/", str(tmp_path), True)])


async def test_a_latin1_file_is_read_with_replacement_characters(tmp_path, tree):
    (tree[0] / "legacy.py").write_bytes("name = 'café'\n".encode("latin-1"))
    vfs = _vfs(tmp_path, tree)

    text = await vfs.read_text("legacy.py")

    assert text == "name = 'caf\ufffd'\n"
    vfs.close()


async def test_a_latin1_file_written_back_with_its_replacement_characters_is_refused_and_kept(tmp_path, tree):
    legacy = tree[0] / "legacy.py"
    legacy.write_bytes("name = 'café'\n".encode("latin-1"))
    vfs = _vfs(tmp_path, tree)
    text = await vfs.read_text("legacy.py")

    with pytest.raises(FilesError, match="not UTF-8 and was read with U\\+FFFD"):
        await vfs.write_text("legacy.py", text + "x = 1\n")

    assert legacy.read_bytes() == "name = 'café'\n".encode("latin-1")
    vfs.close()


async def test_a_latin1_file_rewritten_without_replacement_characters_becomes_utf8(tmp_path, tree):
    legacy = tree[0] / "legacy.py"
    legacy.write_bytes("name = 'café'\n".encode("latin-1"))
    vfs = _vfs(tmp_path, tree)

    await vfs.write_text("legacy.py", "name = 'café'\n")

    assert legacy.read_text(encoding="utf-8") == "name = 'café'\n"
    vfs.close()


async def test_remove_takes_away_a_workspace_file(tmp_path, tree):
    vfs = _vfs(tmp_path, tree)

    await vfs.remove("src/app.py")

    assert not (tree[0] / "src" / "app.py").exists()
    vfs.close()


async def test_remove_refuses_a_folder_and_a_missing_file(tmp_path, tree):
    vfs = _vfs(tmp_path, tree)

    with pytest.raises(FilesError, match="a folder, not a file"):
        await vfs.remove("src")
    with pytest.raises(FilesError, match="no such file"):
        await vfs.remove("src/gone.py")
    assert (tree[0] / "src").is_dir()
    vfs.close()


async def test_remove_never_follows_a_symlink_out_of_the_workspace(tmp_path, tree):
    workspace, _, outside = tree
    (workspace / "leak.txt").symlink_to(outside / "secret.txt")
    vfs = _vfs(tmp_path, tree)

    with pytest.raises(FilesError, match="symlink leads out"):
        await vfs.remove("leak.txt")

    assert (outside / "secret.txt").read_text() == "key\n"
    vfs.close()
