-- Neovim's built-in LSP client against cuda-access-lint --lsp (headless):
--   CAL_TOOL=path/to/cuda-access-lint nvim --headless --clean \
--     -c 'luafile test/lsp/nvim_test.lua' FILE.cu
-- FILE.cu reads in[STRIDE * i] with STRIDE given after `--` below: lane l
-- at byte 8 l, 8 sectors where 4 would do. The script waits for that
-- warning, hovers over the load, edits the buffer to in[i], waits for the
-- warning to go, stops the client (shutdown, exit) and quits with status 0
-- when every check held, 1 otherwise.
local tool = os.getenv('CAL_TOOL')
local failures = 0
local function check(cond, what)
  io.stdout:write((cond and 'ok: ' or 'FAIL: ') .. what .. '\n')
  if not cond then failures = failures + 1 end
end
local function finish()
  io.stdout:write(failures == 0 and 'all checks passed\n'
                  or (failures .. ' check(s) failed\n'))
  vim.cmd(failures == 0 and 'qall!' or 'cquit 1')
end

-- The same settings as the README's Neovim set-up.
local config = {
  name = 'cuda-access-lint',
  cmd = { tool, '--lsp', '--', '-DSTRIDE=2' },
  root_dir = vim.fn.getcwd(),
}
local bufnr = vim.api.nvim_get_current_buf()
local id
if vim.lsp.start then -- Neovim 0.8 and later
  id = vim.lsp.start(config)
else
  id = vim.lsp.start_client(config)
  vim.lsp.buf_attach_client(bufnr, id)
end
check(id ~= nil, 'the client started')

local function uncoalesced()
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.message:find('8 sectors per request where 4 would do', 1, true) then
      return d
    end
  end
end
check(vim.wait(120000, function() return uncoalesced() ~= nil end, 50),
      'the uncoalesced-load warning arrives')
local d = uncoalesced()
if d then
  check(d.lnum == 3 and d.col == 11, 'at line 4, column 12')
  check(d.severity == vim.diagnostic.severity.WARN, 'as a warning')
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  check(code == 'cuda-uncoalesced-global', 'code is the check id')
end

local res = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', {
  textDocument = { uri = vim.uri_from_bufnr(bufnr) },
  position = { line = 3, character = 14 },
}, 30000)
local hover = ''
for _, r in pairs(res or {}) do
  if r.result then hover = r.result.contents.value end
end
check(hover:find('**8 sectors per request** (ideal 4)', 1, true) ~= nil,
      'hover: 8 sectors per request, ideal 4')

-- The edit goes to the server as didChange; the warning must go.
vim.api.nvim_buf_set_lines(bufnr, 3, 4, false, { '  out[i] = in[i];' })
check(vim.wait(120000, function() return uncoalesced() == nil end, 50),
      'after the edit, the warning is gone')

local client = vim.lsp.get_client_by_id(id)
client.stop()
check(vim.wait(30000, function() return client.is_stopped() end, 50),
      'the server shut down')
finish()
