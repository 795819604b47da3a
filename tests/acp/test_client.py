"""What the ACP client supports, read from its initialize capabilities."""

from acp.schema import ClientCapabilities, ElicitationCapabilities, ElicitationFormCapabilities

from orkeon_acp.client import ClientSupport, describe_client


def test_a_client_declaring_form_elicitation_is_asked_free_answers_in_forms():
    capabilities = ClientCapabilities(elicitation=ElicitationCapabilities(form=ElicitationFormCapabilities()))

    support = ClientSupport.from_capabilities(capabilities)

    assert support.elicitation_form and not support.terminal


def test_a_client_declaring_nothing_takes_no_form_and_the_loss_is_said():
    support = ClientSupport.from_capabilities(ClientCapabilities())

    features = {feature.name: feature for feature in describe_client(support, None).features}
    assert not support.elicitation_form and not features["elicitation (form)"].supported
