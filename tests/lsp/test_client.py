"""ClientSupport: the flags read once from the client's capabilities."""

from __future__ import annotations

from orkeon_lsp.client import ClientSupport
from tests.support.lsp_session import bare_capabilities, full_capabilities


def test_a_full_client_supports_everything_the_server_sends():
    support = ClientSupport.from_capabilities(full_capabilities(orkeonInput=True))

    assert support == ClientSupport(show_message_request=True, show_document=True, work_done_progress=True,
                                    apply_edit=True, document_changes=True, configuration=True, orkeon_input=True)


def test_a_client_that_declares_nothing_supports_nothing():
    assert ClientSupport.from_capabilities(bare_capabilities()) == ClientSupport()
    assert ClientSupport.from_capabilities(None) == ClientSupport()


def test_orkeon_input_needs_the_experimental_flag_set_to_true():
    assert not ClientSupport.from_capabilities(full_capabilities(orkeonInput="yes")).orkeon_input
