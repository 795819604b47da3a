--- The `:Orkeon <command> [args]` user command, with completion of command names, their flags and values,
--- and `:OrkeonStopTask [id]`, which stops a running crew or child agent.
--- Loading the plugin starts nothing: require("orkeon").setup{} does (or the first `:Orkeon`), and
--- setup{} defines the commands too, for a set-up that does not load this file.
if vim.g.loaded_orkeon then return end
vim.g.loaded_orkeon = true

if vim.fn.has('nvim-0.11') == 0 then
  vim.api.nvim_echo({ { 'orkeon.nvim needs Neovim 0.11 or newer', 'WarningMsg' } }, true, {})
  return
end

require('orkeon').create_command()
