"""orkeon-lsp: the language server, a thin adapter from LSP to the Orkeon engine."""
