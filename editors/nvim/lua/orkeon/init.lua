--- Orkeon for Neovim: starts `orkeon-lsp` at the workspace root with vim.lsp.start and runs its commands.
---
--- `:Orkeon <command> [args]` sends `workspace/executeCommand` (`orkeon.<command>`, the same tokens as the
--- command line) and shows the view the server answers in a scratch buffer, in one window that every view
--- reuses; `:Orkeon cancel` stops the running request. The server's findings arrive as ordinary
--- diagnostics (with virtual text when asked for); this module answers the permission gate's questions with
--- vim.ui.select, the server's free-text questions (`orkeon/input`) with vim.ui.input, completes command
--- names, flags and their values from the catalogue, and shows the server's progress in one line that fits
--- the message area (or leaves it to `vim.lsp.status()` for a status line). `:OrkeonStopTask [id]` stops a running crew or
--- child agent (picked with vim.ui.select when no id is given). Neovim 0.11 or newer.
local M = {}

local NAME = 'orkeon'
local INPUT_REQUEST = 'orkeon/input'
local CHOICES_REQUEST = 'orkeon/choices'
local REQUEST_CANCELLED = -32800

--- The options of `setup{}`; see editors/nvim/README.md.
local defaults = {
  --- The language server's command line.
  cmd = { 'orkeon-lsp' },
  --- The command printing the catalogue as JSON (command names and flags for completion). Default: the
  --- `orkeon` beside `cmd`'s `orkeon-lsp`, with `catalogue --format json`.
  catalogue_cmd = nil,
  --- What marks the workspace root, searched upwards from the buffer; else the current directory.
  root_markers = { '.orkeon', '.git' },
  --- The model for this editor (for example "openai/gpt-4o-mini"); nil keeps the settings files'.
  model = nil,
  --- Extra initialization options, camelCase keys (see docs/lsp.md).
  init_options = {},
  --- The Ex command that opens the window of the views (once: every view reuses it).
  view = 'botright split',
  --- The server's progress: 'echo' (one line in the message area, cut to fit it, so it never asks to
  --- press ENTER), 'status' (nothing echoed: put `%{v:lua.vim.lsp.status()}` in your status line), or
  --- false. true is 'echo'.
  progress = 'echo',
  --- Show the findings' messages as virtual text at the end of their lines.
  virtual_text = false,
  --- Normal-mode keys; false (or a key set to false) maps nothing.
  keys = {
    --- Cancel the running Orkeon request, as `:Orkeon cancel` does.
    cancel = '<Leader>oc',
  },
  --- Start the server at setup and attach every file buffer opened afterwards.
  autostart = true,
  --- How long a command waits for the server to finish starting, in milliseconds.
  start_timeout = 20000,
}

M.config = vim.deepcopy(defaults)

local state = {
  ready = {}, -- client id -> the callbacks waiting for its initialization
  catalogue = nil, -- { names = {...}, by_name = { name = entry } } once read
  views = {}, -- command name -> buffer of its last view
  view_win = nil, -- the window every view reuses
  running = {}, -- the requests running, newest last: { client_id, request_id, name }
  progress_titles = {}, -- progress token -> title
  is_setup = false,
}

-- Splitting --------------------------------------------------------------------------------------------

--- Split a command line into tokens as a shell would (and as the `orkeon` prompt does). Errors on an
--- unclosed quote.
function M.split(text)
  local tokens, current, in_token, quote = {}, {}, false, nil
  local i, n = 1, #text
  while i <= n do
    local ch = text:sub(i, i)
    if quote == "'" then
      if ch == "'" then quote = nil else current[#current + 1] = ch end
    elseif quote == '"' then
      local nxt = text:sub(i + 1, i + 1)
      if ch == '"' then
        quote = nil
      elseif ch == '\\' and (nxt == '"' or nxt == '\\') then
        current[#current + 1] = nxt
        i = i + 1
      else
        current[#current + 1] = ch
      end
    elseif ch == "'" or ch == '"' then
      quote, in_token = ch, true
    elseif ch == '\\' and i < n then
      current[#current + 1] = text:sub(i + 1, i + 1)
      in_token = true
      i = i + 1
    elseif ch:match('%s') then
      if in_token then tokens[#tokens + 1] = table.concat(current) end
      current, in_token = {}, false
    else
      current[#current + 1] = ch
      in_token = true
    end
    i = i + 1
  end
  if quote then error(('unclosed %s quote'):format(quote == '"' and 'double' or 'single'), 0) end
  if in_token then tokens[#tokens + 1] = table.concat(current) end
  return tokens
end

-- The view ---------------------------------------------------------------------------------------------

--- A view ({message, lines, table, document}) as the lines of its buffer: lines, the aligned table, the
--- document when there are no lines, then the message.
function M.render(view)
  local out = {}
  local function add(text)
    for _, line in ipairs(vim.split(tostring(text), '\n', { plain = true })) do out[#out + 1] = line end
  end
  if type(view) ~= 'table' then return out end
  local lines = type(view.lines) == 'table' and view.lines or {}
  for _, line in ipairs(lines) do add(line) end
  local tbl = view.table
  if type(tbl) == 'table' and type(tbl.columns) == 'table' then
    local rows = type(tbl.rows) == 'table' and tbl.rows or {}
    local widths = {}
    for i, col in ipairs(tbl.columns) do widths[i] = vim.fn.strdisplaywidth(tostring(col)) end
    for _, row in ipairs(rows) do
      for i, cell in ipairs(row) do widths[i] = math.max(widths[i] or 0, vim.fn.strdisplaywidth(tostring(cell))) end
    end
    local function fmt(cells)
      local parts = {}
      for i, cell in ipairs(cells) do
        local text = tostring(cell)
        parts[i] = text .. string.rep(' ', (widths[i] or 0) - vim.fn.strdisplaywidth(text))
      end
      return (table.concat(parts, '  '):gsub('%s+$', ''))
    end
    local rule = {}
    for i, width in ipairs(widths) do rule[i] = string.rep('-', width) end
    local named = false -- a table whose columns are all unnamed shows no header
    for _, col in ipairs(tbl.columns) do named = named or tostring(col) ~= '' end
    if named then
      out[#out + 1] = fmt(tbl.columns)
      out[#out + 1] = fmt(rule)
    end
    for _, row in ipairs(rows) do out[#out + 1] = fmt(row) end
  end
  if type(view.document) == 'table' and #lines == 0 then
    add((tostring(view.document.content or '')):gsub('\n+$', ''))
  end
  if type(view.message) == 'string' and view.message ~= '' then add(view.message) end
  return out
end

--- The window the views are shown in: the one opened for them before, else a new one (`config.view`).
local function view_window()
  if state.view_win and vim.api.nvim_win_is_valid(state.view_win) then return state.view_win end
  vim.cmd(M.config.view)
  state.view_win = vim.api.nvim_get_current_win()
  return state.view_win
end

--- Show a command's view in its scratch buffer (`orkeon://<command>`), in the one window the views share
--- (opened with `config.view` the first time): no stack of splits. A view with a table does not wrap its
--- lines. When the server kept the long text in a file, the view ends with its path. Returns the buffer.
function M.show_view(name, view)
  local buf = state.views[name]
  if not (buf and vim.api.nvim_buf_is_valid(buf)) then
    buf = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(buf, 'orkeon://' .. name)
    vim.bo[buf].filetype = 'orkeon'
    vim.keymap.set('n', 'q', '<cmd>close<cr>', { buffer = buf, desc = 'Close the Orkeon view' })
    state.views[name] = buf
  end
  local lines = M.render(view)
  if type(view) == 'table' and type(view.output) == 'string' then
    vim.list_extend(lines, { '', 'the full text: ' .. vim.fn.fnamemodify(vim.uri_to_fname(view.output), ':~:.') })
  end
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  vim.bo[buf].modified = false
  local win = vim.fn.bufwinid(buf)
  if win == -1 then
    win = view_window()
    vim.api.nvim_win_set_buf(win, buf)
  end
  vim.wo[win].wrap = not (type(view) == 'table' and type(view.table) == 'table')
  return buf
end

-- The server's questions -------------------------------------------------------------------------------

--- Ask through an asynchronous vim.ui function from a server request's handler: Neovim runs those
--- handlers in a coroutine, which waits here for the answer (vim.NIL, a JSON null, when there is none).
local function ask(call)
  local co, is_main = coroutine.running()
  if not co or is_main then return vim.NIL end
  call(function(answer)
    -- resumed on the next tick, so a vim.ui function that answers at once does not resume before the yield
    vim.schedule(function() coroutine.resume(co, answer == nil and vim.NIL or answer) end)
  end)
  return coroutine.yield()
end

--- window/showMessageRequest: the gate's question (Allow once / Allow for this session / Always allow /
--- Deny) or a choice among options, through vim.ui.select. Closing the choice answers null: a deny.
local function on_message_request(_, params, ctx)
  local actions = params and params.actions or {}
  if #actions == 0 then
    local levels = { vim.log.levels.ERROR, vim.log.levels.WARN, vim.log.levels.INFO, vim.log.levels.DEBUG }
    vim.notify('Orkeon: ' .. tostring(params and params.message or ''), levels[params and params.type or 3])
    return vim.NIL
  end
  return ask(function(done)
    vim.ui.select(actions, {
      prompt = 'Orkeon: ' .. tostring(params.message or ''),
      kind = 'orkeon.question',
      format_item = function(action) return action.title end,
    }, function(choice) done(choice) end)
  end)
end

--- orkeon/input: a free-text question ({question, default}) through vim.ui.input; cancelled answers null.
local function on_input_request(_, params)
  return ask(function(done)
    vim.ui.input({
      prompt = 'Orkeon: ' .. tostring(params and params.question or '') .. ' ',
      default = params and type(params.default) == 'string' and params.default or nil,
    }, function(text) done(text) end)
  end)
end

M.handlers = {
  ['window/showMessageRequest'] = on_message_request,
  [INPUT_REQUEST] = on_input_request,
}

-- Progress ---------------------------------------------------------------------------------------------

--- The text the message area shows for one $/progress value of the server (title, percentage, message),
--- or nil.
function M.progress_text(token, value)
  if type(value) ~= 'table' then return nil end
  if value.kind == 'begin' then state.progress_titles[token] = value.title end
  local title = state.progress_titles[token] or value.title or 'working'
  if value.kind == 'end' then state.progress_titles[token] = nil end
  local text = vim.startswith(title, 'Orkeon') and title or ('Orkeon: ' .. title)
  -- the percentage first: a line cut to fit the message area keeps it
  if type(value.percentage) == 'number' then text = ('%s %d%%'):format(text, value.percentage) end
  local message = value.message or (value.kind == 'end' and 'done' or nil)
  if message then text = text .. ': ' .. message end
  return text
end

--- `text` cut to `width` display cells (an ellipsis marks the cut), so that echoing it never scrolls the
--- message area into a "Press ENTER" prompt.
function M.fit(text, width)
  if width <= 0 then return '' end
  if vim.fn.strdisplaywidth(text) <= width then return text end
  local cut = vim.fn.strcharpart(text, 0, width - 1)
  while vim.fn.strdisplaywidth(cut) > width - 1 do cut = vim.fn.strcharpart(cut, 0, vim.fn.strchars(cut) - 1) end
  return cut .. '…'
end

local function on_progress(event)
  local client = vim.lsp.get_client_by_id(event.data.client_id)
  if not client or client.name ~= NAME then return end
  local params = event.data.params or {}
  local text = M.progress_text(params.token, params.value)
  local mode = M.config.progress == true and 'echo' or M.config.progress
  if text and mode == 'echo' then
    -- v:echospace: the cells left on the last line; one less keeps the cursor from wrapping it
    vim.api.nvim_echo({ { M.fit(text, vim.v.echospace - 1) } }, false, {})
  elseif mode == 'status' then
    vim.cmd.redrawstatus()
  end
end

-- The client -------------------------------------------------------------------------------------------

--- The workspace root for a buffer: the nearest folder holding a root marker, else the current directory.
function M.root(bufnr)
  return vim.fs.root(bufnr or 0, M.config.root_markers) or vim.fn.getcwd()
end

local function is_file_buffer(bufnr)
  return vim.api.nvim_buf_is_valid(bufnr) and vim.bo[bufnr].buftype == '' and vim.api.nvim_buf_get_name(bufnr) ~= ''
end

local function flush_ready(client_id, client, err)
  local waiting = state.ready[client_id] or {}
  state.ready[client_id] = nil
  for _, callback in ipairs(waiting) do callback(client, err) end
end

--- The vim.lsp.start configuration for a root.
function M.client_config(root)
  local init_options = vim.deepcopy(M.config.init_options or {})
  if M.config.model and M.config.model ~= '' then
    -- the server's `config` option holds settings keys for this session only (docs/lsp.md)
    init_options.config = vim.tbl_extend('force', init_options.config or {}, { model = M.config.model })
  end
  if next(init_options) == nil then init_options = vim.empty_dict() end -- `{}` in JSON, not `[]`
  return {
    name = NAME,
    cmd = M.config.cmd,
    cmd_cwd = root,
    root_dir = root,
    init_options = init_options,
    -- answers the server's workspace/configuration pull of its `orkeon` section with the same settings
    settings = { orkeon = init_options },
    -- orkeonViews: this client shows a command's result itself, so the server opens no document for it
    capabilities = vim.tbl_deep_extend('force', vim.lsp.protocol.make_client_capabilities(), {
      experimental = { orkeonInput = true, orkeonViews = true },
    }),
    handlers = M.handlers,
    on_init = function(client)
      if M.config.virtual_text then
        vim.diagnostic.config({ virtual_text = { source = false } }, vim.lsp.diagnostic.get_namespace(client.id))
      end
      flush_ready(client.id, client, nil)
    end,
    on_exit = function(code, signal, client_id)
      flush_ready(client_id, nil, ('orkeon-lsp exited (code %s, signal %s)'):format(code, signal))
    end,
  }
end

--- Start the server for a buffer's workspace (or reuse the one running there) and attach the buffer when
--- it is a file. Returns the client id, or nil when the server could not start.
function M.start(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local attach = is_file_buffer(bufnr)
  return vim.lsp.start(M.client_config(M.root(bufnr)), { bufnr = bufnr, attach = attach })
end

--- Call back with the running, initialized client for the current workspace (starting it if needed), or
--- with nil and the reason.
function M.with_client(callback)
  local id = M.start(0)
  local client = id and vim.lsp.get_client_by_id(id)
  if not client then
    callback(nil, 'orkeon-lsp did not start: check `cmd` in require("orkeon").setup{} (' ..
      table.concat(M.config.cmd, ' ') .. ')')
    return
  end
  if client.initialized then
    callback(client, nil)
    return
  end
  local waiting = state.ready[client.id] or {}
  state.ready[client.id] = waiting
  local answered = false
  waiting[#waiting + 1] = function(c, err)
    if not answered then
      answered = true
      callback(c, err)
    end
  end
  vim.defer_fn(function()
    if not answered then
      answered = true
      callback(nil, ('orkeon-lsp did not answer initialize within %d ms'):format(M.config.start_timeout))
    end
  end, M.config.start_timeout)
end

-- Commands ---------------------------------------------------------------------------------------------

--- Run one Orkeon command with its tokens; `on_done(err, view)` is called once it answers (by default
--- the view is shown in its buffer, an error is notified).
function M.run(name, args, on_done)
  name = name:gsub('^/', '')
  on_done = on_done or function(err, view, code)
    if code == REQUEST_CANCELLED then
      vim.notify(('Orkeon /%s: cancelled'):format(name), vim.log.levels.INFO)
    elseif err then
      vim.notify(('Orkeon /%s: %s'):format(name, err), vim.log.levels.ERROR)
    else
      M.show_view(name, view)
    end
  end
  M.with_client(function(client, start_err)
    if not client then
      on_done(start_err, nil)
      return
    end
    local params = { command = 'orkeon.' .. name, arguments = args or {} }
    local running
    local sent, request_id = client:request('workspace/executeCommand', params, function(err, result)
      for i, entry in ipairs(state.running) do
        if entry == running then table.remove(state.running, i) break end
      end
      if err then
        on_done(err.message or vim.inspect(err), nil, err.code)
      else
        on_done(nil, result)
      end
    end, vim.api.nvim_get_current_buf())
    if sent then
      running = { client_id = client.id, request_id = request_id, name = name, on_done = on_done }
      table.insert(state.running, running)
    end
  end)
end

--- Cancel the Orkeon request started last that is still running ($/cancelRequest): the server stops it at
--- its next safe point. Neovim drops the server's "cancelled" answer, so the request's callback hears it
--- from here. Returns its command's name, or nil.
function M.cancel()
  local running = table.remove(state.running)
  if not running then
    vim.notify('Orkeon: nothing is running', vim.log.levels.INFO)
    return nil
  end
  local client = vim.lsp.get_client_by_id(running.client_id)
  if client then client:cancel_request(running.request_id) end
  running.on_done('cancelled', nil, REQUEST_CANCELLED)
  return running.name
end

--- `:Orkeon <command> [args]`: the line after `:Orkeon`, split as a shell splits it; alone, `help`.
function M.command(line)
  local ok, tokens = pcall(M.split, line or '')
  if not ok then
    vim.notify('Orkeon: ' .. tostring(tokens), vim.log.levels.ERROR)
    return
  end
  if #tokens == 0 then tokens = { 'help' } end
  local name = table.remove(tokens, 1)
  if name == 'cancel' and #tokens == 0 then
    M.cancel()
    return
  end
  M.run(name, tokens)
end

-- Stopping a task ---------------------------------------------------------------------------------------

--- The running crews and child agents of an `orkeon.tasks` view (its data.tasks), in its order.
function M.running_tasks(view)
  local running = {}
  local tasks = type(view) == 'table' and type(view.data) == 'table' and view.data.tasks or nil
  if type(tasks) ~= 'table' then return running end
  for _, task in ipairs(tasks) do
    if type(task) == 'table' and task.running == true then running[#running + 1] = task end
  end
  return running
end

--- Pick one of the running tasks of an `orkeon.tasks` view with vim.ui.select; `on_pick(id)` once picked.
--- Says so when nothing runs.
function M.pick_task(view, on_pick)
  local running = M.running_tasks(view)
  if #running == 0 then
    vim.notify('Orkeon: no crew and no child agent is running', vim.log.levels.INFO)
    return
  end
  vim.ui.select(running, {
    prompt = 'Orkeon: stop which task?',
    kind = 'orkeon.task',
    format_item = function(task) return ('%s  %s  %s'):format(task.id, task.name or '', task.state or '') end,
  }, function(choice)
    if choice then on_pick(choice.id) end
  end)
end

--- `:OrkeonStopTask [id]`: stop the crew (t…) or child agent (c…) with that id, else the one picked among
--- the running ones; the answer of `/tasks stop` shows in its view.
function M.stop_task(id)
  if id and id ~= '' then
    M.run('tasks', { 'stop', id })
    return
  end
  M.run('tasks', {}, function(err, view)
    if err then
      vim.notify(('Orkeon /tasks: %s'):format(err), vim.log.levels.ERROR)
      return
    end
    M.pick_task(view, function(picked) M.run('tasks', { 'stop', picked }) end)
  end)
end

-- Completion -------------------------------------------------------------------------------------------

local function catalogue_cmd()
  if M.config.catalogue_cmd then return M.config.catalogue_cmd end
  local cmd = M.config.cmd
  local program = cmd[1] or 'orkeon-lsp'
  local base
  if program:match('orkeon%-lsp$') then
    base = { (program:gsub('orkeon%-lsp$', 'orkeon')) }
  elseif cmd[2] == '-m' and cmd[3] == 'orkeon_lsp' then
    base = { program, '-m', 'orkeon_engine.cli' }
  else
    base = { 'orkeon' }
  end
  return vim.list_extend(base, { 'catalogue', '--format', 'json' })
end

local function from_catalogue_json(text)
  local ok, decoded = pcall(vim.json.decode, text)
  if not ok or type(decoded) ~= 'table' or type(decoded.commands) ~= 'table' then return nil end
  local catalogue = { names = {}, by_name = {} }
  for _, entry in ipairs(decoded.commands) do
    catalogue.names[#catalogue.names + 1] = entry.name
    catalogue.by_name[entry.name] = entry
    for _, alias in ipairs(entry.aliases or {}) do catalogue.by_name[alias] = entry end
  end
  table.sort(catalogue.names)
  return catalogue
end

--- The commands and their flags: from `orkeon catalogue --format json` (read once), else the command
--- names the running server advertises (without flags, and asked again next time).
function M.catalogue()
  if state.catalogue then return state.catalogue end
  local ok, result = pcall(function() return vim.system(catalogue_cmd(), { text = true }):wait(10000) end)
  if ok and result.code == 0 then
    state.catalogue = from_catalogue_json(result.stdout)
    if state.catalogue then return state.catalogue end
  end
  local names = {}
  for _, client in ipairs(vim.lsp.get_clients({ name = NAME })) do
    local provider = client.server_capabilities and client.server_capabilities.executeCommandProvider
    for _, command in ipairs(provider and provider.commands or {}) do
      local name = command:match('^orkeon%.(.+)$')
      if name then names[#names + 1] = name end
    end
  end
  table.sort(names)
  return { names = names, by_name = {} }
end

--- The values a source known only at run time offers (`choicesFrom` in the catalogue): the command names
--- from the catalogue itself, anything else from the running server (`orkeon/choices`); none without one.
function M.dynamic_choices(source)
  if source == 'commands' then return M.catalogue().names end
  local client = vim.lsp.get_clients({ name = NAME })[1]
  if not client or not client.initialized then return {} end
  local answer = client:request_sync(CHOICES_REQUEST, { source = source }, 3000)
  local values = {}
  for _, choice in ipairs(answer and type(answer.result) == 'table' and answer.result or {}) do
    values[#values + 1] = choice.value
  end
  return values
end

local function flag_of(entry, word)
  local name = word:gsub('^%-%-?', ''):gsub('=.*$', '')
  for _, flag in ipairs(entry.flags or {}) do
    if flag.name == name or flag.short == name then return flag end
  end
  return nil
end

--- The positional an argument word at `index` (1 for the first word that is not a flag) fills.
local function positional_at(entry, index)
  local positionals = entry.positionals or {}
  local last = positionals[#positionals]
  return positionals[index] or (last and last.many and last) or nil
end

local function values_of(spec)
  if not spec then return {} end
  if type(spec.choices) == 'table' and #spec.choices > 0 then return spec.choices end
  if type(spec.choicesFrom) == 'string' then return M.dynamic_choices(spec.choicesFrom) end
  return {}
end

local function starting_with(values, lead)
  local matches = {}
  for _, value in ipairs(values) do
    if vim.startswith(value, lead) then matches[#matches + 1] = value end
  end
  return matches
end

--- Completion of `:Orkeon`: the command names (and `cancel`), then for the command typed the values its
--- catalogue entry offers for the word being typed (a flag's value after the flag, a positional's choices,
--- values the server knows for one whose `choicesFrom` names a source) and its flags.
function M.complete(arglead, cmdline, cursorpos)
  local before = cmdline:sub(1, cursorpos)
  local words = vim.split(before, '%s+', { trimempty = true })
  local typing_new = before:match('%s$') ~= nil
  local position = typing_new and #words + 1 or #words
  local catalogue = M.catalogue()
  if position <= 2 then
    local names = vim.list_extend({ 'cancel' }, vim.deepcopy(catalogue.names))
    table.sort(names)
    return starting_with(names, arglead)
  end
  local entry = catalogue.by_name[(words[2] or ''):gsub('^/', '')]
  if not entry then return {} end
  local done = {}
  for i = 3, typing_new and #words or #words - 1 do done[#done + 1] = words[i] end
  local previous = done[#done]
  local flag = previous and vim.startswith(previous, '-') and flag_of(entry, previous)
  if flag and flag.value and not previous:find('=', 1, true) then return starting_with(values_of(flag), arglead) end
  local flags = {}
  for _, each in ipairs(entry.flags or {}) do flags[#flags + 1] = '--' .. each.name end
  if vim.startswith(arglead, '-') then return starting_with(flags, arglead) end
  local index, skip = 0, false
  for _, word in ipairs(done) do
    if skip then
      skip = false
    elseif vim.startswith(word, '-') then
      local taken = flag_of(entry, word)
      skip = taken ~= nil and taken.value ~= nil and not word:find('=', 1, true)
    else
      index = index + 1
    end
  end
  local matches = starting_with(values_of(positional_at(entry, index + 1)), arglead)
  if arglead == '' then vim.list_extend(matches, flags) end
  return matches
end

-- Set-up -----------------------------------------------------------------------------------------------

--- The `:Orkeon <command> [args]` user command (`:Orkeon cancel` stops the running request), with
--- completion, and `:OrkeonStopTask [id]`; setup{} defines them, and so does the plugin file for a set-up
--- done later.
function M.create_command()
  vim.api.nvim_create_user_command('Orkeon', function(opts)
    M.ensure_setup()
    M.command(opts.args)
  end, {
    nargs = '*',
    desc = 'Run an Orkeon command: :Orkeon <command> [args] (alone: help; cancel: stop the running one)',
    complete = function(arglead, cmdline, cursorpos) return M.complete(arglead, cmdline, cursorpos) end,
  })
  vim.api.nvim_create_user_command('OrkeonStopTask', function(opts)
    M.ensure_setup()
    M.stop_task(opts.args)
  end, {
    nargs = '?',
    desc = 'Stop a running Orkeon crew or child agent: :OrkeonStopTask [id] (alone: pick one)',
  })
end

local function map_keys()
  vim.keymap.set('n', '<Plug>(orkeon-cancel)', M.cancel, { desc = 'Cancel the running Orkeon request' })
  local keys = M.config.keys
  local cancel = type(keys) == 'table' and keys.cancel or nil
  if cancel and vim.fn.maparg(cancel, 'n') == '' then
    vim.keymap.set('n', cancel, '<Plug>(orkeon-cancel)', { desc = 'Cancel the running Orkeon request' })
  end
end

--- require("orkeon").setup{...}: keep the options, define `:Orkeon` and the cancel key, show progress, and
--- (with `autostart`) start the server at the workspace root and attach every file buffer opened from now on.
function M.setup(opts)
  M.config = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts or {})
  state.catalogue = nil
  state.is_setup = true
  M.create_command()
  map_keys()
  local group = vim.api.nvim_create_augroup('orkeon', { clear = true })
  vim.api.nvim_create_autocmd('LspProgress', { group = group, callback = on_progress })
  if not M.config.autostart then return end
  vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, {
    group = group,
    callback = function(event)
      if is_file_buffer(event.buf) then M.start(event.buf) end
    end,
  })
  M.start(0)
end

--- Set up with the defaults when `:Orkeon` runs before any setup{} call.
function M.ensure_setup()
  if not state.is_setup then M.setup({}) end
end

return M
