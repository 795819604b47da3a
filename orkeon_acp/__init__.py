"""orkeon_acp: the Orkeon engine as an Agent Client Protocol agent (`orkeon-acp`), for Zed and the other
editors that drive agents over ACP; a thin adapter over the engine's public API, like orkeon_lsp."""
