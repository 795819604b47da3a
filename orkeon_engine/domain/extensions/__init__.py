"""What a person plugs into Orkeon: hooks as the `hooks` setting declares them, MCP servers and their
tools, and attached skills. The tools Orkeon ships belong in tools/."""
