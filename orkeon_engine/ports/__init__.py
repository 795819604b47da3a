"""The ports: typing.Protocol interfaces named after the engine's needs, one module per concern."""
