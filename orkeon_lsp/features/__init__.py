"""The server's features, one module a capability, each with a `setup(server)` registering its handlers."""
