from orkeon_engine.domain.ui.client_info import ClientFeature, ClientInfo


def test_the_missing_features_are_those_the_client_lacks():
    client = ClientInfo("Neovim", "0.12", (ClientFeature("showDocument", True),
                                           ClientFeature("showMessageRequest", False, "every ask is refused")))

    assert [f.name for f in client.missing()] == ["showMessageRequest"]
    assert client.label() == "Neovim 0.12"
