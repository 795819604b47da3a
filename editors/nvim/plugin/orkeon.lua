--- The `:Orkeon <command> [args]` user command, with completion of command names and their flags, and
--- `:OrkeonStopTask [id]`, which stops a running crew or child agent.
--- Loading the plugin starts nothing: require("orkeon").setup{} does (or the first `:Orkeon`).
if vim.g.loaded_orkeon then return end
vim.g.loaded_orkeon = true

if vim.fn.has('nvim-0.11') == 0 then
  vim.api.nvim_echo({ { 'orkeon.nvim needs Neovim 0.11 or newer', 'WarningMsg' } }, true, {})
  return
end

vim.api.nvim_create_user_command('Orkeon', function(opts)
  local orkeon = require('orkeon')
  orkeon.ensure_setup()
  orkeon.command(opts.args)
end, {
  nargs = '*',
  desc = 'Run an Orkeon command: :Orkeon <command> [args] (alone: help)',
  complete = function(arglead, cmdline, cursorpos)
    return require('orkeon').complete(arglead, cmdline, cursorpos)
  end,
})

vim.api.nvim_create_user_command('OrkeonStopTask', function(opts)
  local orkeon = require('orkeon')
  orkeon.ensure_setup()
  orkeon.stop_task(opts.args)
end, {
  nargs = '?',
  desc = 'Stop a running Orkeon crew or child agent: :OrkeonStopTask [id] (alone: pick one)',
})
