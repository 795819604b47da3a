-- The headless Neovim side of tests/support/nvim.py, loaded with `nvim --headless --clean -u`.
-- It installs the plugin the README's plain-packpath way, runs the test's scenario (Lua, with the helpers
-- in `E`), writes what the scenario recorded (or the error that stopped it) as JSON, and quits.
local raw = os.getenv('ORKEON_E2E')
if not raw then
  io.stderr:write('ORKEON_E2E is not set\n')
  vim.cmd('cquit 3')
end
local spec = vim.json.decode(raw)

-- As a user's init.lua would: the plugin sits in a `start` package, which Neovim loads after this file.
vim.opt.packpath:prepend(spec.pack)

local recorded = { notifications = {} }

-- Every line echoed in the message area is kept (the plugin echoes progress there).
recorded.echoes = {}
local echo = vim.api.nvim_echo
vim.api.nvim_echo = function(chunks, history, opts)
  local text = {}
  for _, chunk in ipairs(chunks) do text[#text + 1] = chunk[1] end
  table.insert(recorded.echoes, table.concat(text))
  return echo(chunks, history, opts)
end

-- Every notification is kept; an error from Orkeon ends the wait for a view at once.
local errors = {}
vim.notify = function(message, level)
  table.insert(recorded.notifications, { message = message, level = level })
  if level == vim.log.levels.ERROR then table.insert(errors, message) end
end
E = {
  server_cmd = spec.server_cmd,
  workspace = spec.workspace,
}

--- Keep a value for the Python side.
function E.record(key, value) recorded[key] = value end

--- The lines echoed so far, and the notifications so far ({message, level}).
function E.recorded_echoes() return recorded.echoes end
function E.recorded_notifications() return recorded.notifications end

--- Wait until `condition()` is true, or fail naming `what`.
function E.wait(condition, what, timeout)
  if not vim.wait(timeout or spec.timeout_ms, condition, 20) then error('timed out waiting for ' .. what, 0) end
end

--- The buffer of a command's view, once it holds text.
function E.view(name)
  local buf
  E.wait(function()
    if #errors > 0 then error('Orkeon reported: ' .. table.concat(errors, '; '), 0) end
    buf = vim.fn.bufnr('orkeon://' .. name)
    return buf ~= -1 and table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '') ~= ''
  end, 'the view of :Orkeon ' .. name)
  return buf
end

local function finish(err)
  recorded.error = err
  local file = assert(io.open(spec.out, 'w'))
  file:write(vim.json.encode(recorded))
  file:close()
  vim.cmd('qa!')
end

local function run()
  dofile(spec.scenario)
end

vim.api.nvim_create_autocmd('VimEnter', {
  once = true,
  nested = true, -- the scenario's :edit must fire BufReadPost, as it does when a person types it
  callback = function()
    local ok, err = xpcall(run, debug.traceback)
    finish(not ok and tostring(err) or vim.NIL)
  end,
})
