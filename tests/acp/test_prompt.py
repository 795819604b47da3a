"""A prompt's content blocks as the engine's request: text, mentions as virtual paths, attached files."""

from acp import resource_block, resource_link_block, text_block
from acp.helpers import embedded_text_resource
from hypothesis import given
from hypothesis import strategies as st

from orkeon_acp.prompt import mention, prompt_text

ROOT = "/home/me/project"


def test_text_and_a_mentioned_file_read_as_one_request_with_its_virtual_path():
    blocks = [text_block("look at "), resource_link_block("a.py", "file:///home/me/project/src/a.py"),
              text_block(" and fix it")]

    assert prompt_text(blocks, ROOT) == "look at /workspace/src/a.py and fix it"


def test_an_attached_files_text_follows_the_request_under_its_path():
    blocks = [text_block("explain this"),
              resource_block(embedded_text_resource("file:///home/me/project/a.py", "x = 1"))]

    assert prompt_text(blocks, ROOT) == "explain this\n\n/workspace/a.py:\n```\nx = 1\n```"


def test_a_file_outside_the_workspace_keeps_its_host_path_and_other_uris_stay_as_given():
    assert mention("file:///etc/hosts", ROOT) == "/etc/hosts"
    assert mention("file:///home/me/project/../other/b.py", ROOT) == "/home/me/other/b.py"
    assert mention("https://example.com/x", ROOT) == "https://example.com/x"
    assert mention("file:///home/me/project", ROOT) == "/workspace"


def test_a_slash_command_stays_first():
    assert prompt_text([text_block("/review --working")], ROOT) == "/review --working"


@given(st.lists(st.text(max_size=50), max_size=6))
def test_any_text_blocks_read_as_their_text_joined(texts):
    assert prompt_text([text_block(text) for text in texts], ROOT) == "".join(texts).strip()


@given(st.text(max_size=80))
def test_any_uri_gives_a_mention_without_raising(uri):
    name = mention(uri, ROOT)

    assert isinstance(name, str)
    assert not name.startswith("/workspace/..")
