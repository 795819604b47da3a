"""ClientSupport: the flags read once from the client's capabilities."""

from __future__ import annotations

from lsprotocol import types

from orkeon_lsp.client import ClientSupport, describe_client
from tests.support.lsp_session import bare_capabilities, full_capabilities


def test_a_full_client_supports_everything_the_server_sends():
    support = ClientSupport.from_capabilities(full_capabilities(orkeonInput=True, orkeonViews=True,
                                                                orkeonQuestions=True))

    assert support == ClientSupport(show_document=True, work_done_progress=True, apply_edit=True,
                                    document_changes=True, configuration=True, orkeon_input=True,
                                    renders_views=True, shows_edits=True)


def test_a_client_that_declares_nothing_supports_nothing():
    assert ClientSupport.from_capabilities(bare_capabilities()) == ClientSupport()
    assert ClientSupport.from_capabilities(None) == ClientSupport()


def test_orkeon_input_needs_the_experimental_flag_set_to_true():
    assert not ClientSupport.from_capabilities(full_capabilities(orkeonInput="yes")).orkeon_input


def test_a_generic_client_renders_no_views_and_shows_no_edits():
    support = ClientSupport.from_capabilities(full_capabilities())

    assert (support.renders_views, support.shows_edits) == (False, False)


def test_the_client_is_described_for_doctor_with_its_name_and_each_capability():
    support = ClientSupport.from_capabilities(full_capabilities())

    client = describe_client(support, types.ClientInfo(name="Neovim", version="0.12"))

    assert client.label() == "Neovim 0.12"
    assert client.missing() == ()


def test_a_client_that_declares_nothing_is_still_asked():
    client = describe_client(ClientSupport.from_capabilities(bare_capabilities()), None)

    missing = {feature.name for feature in client.missing()}
    assert client.label() == "an unnamed client"
    assert "showMessageRequest" not in missing and "showDocument" in missing


def test_questions_turned_off_are_told_as_lost():
    client = describe_client(ClientSupport.from_capabilities(full_capabilities()), None, ask=False)

    missing = {feature.name: feature.without for feature in client.missing()}
    assert missing["showMessageRequest"].endswith("every call that would ask is refused")
