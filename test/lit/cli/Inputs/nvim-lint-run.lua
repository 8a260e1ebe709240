-- The README's nvim-lint snippet in Neovim itself.
--
-- usage: nvim --headless -u NONE -i NONE [--cmd 'set rtp+=NVIM_LINT']
--          -c 'luafile nvim-lint-run.lua' README FILE...
--
-- Runs the snippet that README marks `<!-- snippet: nvim-lint -->`,
-- exactly as written there, then lints each FILE (a buffer of filetype
-- cuda) and prints the diagnostics the buffer then holds, one a line:
--
--   FILE:LINE:COLUMN: SEVERITY: MESSAGE {CHARACTER} source=SOURCE
--
-- with LINE and COLUMN 1-based (COLUMN in bytes, as Neovim counts) and
-- CHARACTER the one the column points at. The first FILE is then linted
-- once more with --warnings-as-errors=cuda-uncoalesced-global added to the
-- snippet's arguments, for the error lines.
--
-- With nvim-lint on the runtimepath, require('lint').try_lint() runs the
-- linter. With CAL_LINT_STUB=1 in the environment, 'lint' and 'lint.parser'
-- are stand-ins written here: the linter is run as nvim-lint runs one (its
-- cmd and args, the buffer on standard input, the stream it names) and its
-- output goes through the snippet's own pattern, groups, severities and
-- defaults as nvim-lint's parser.from_pattern applies them (the file group
-- must name the buffer, relative names taken from the working directory;
-- lines and columns from 1-based to 0-based), so that the snippet's parser
-- is exercised where nvim-lint is not installed.
local out = io.stdout
local argv = vim.fn.argv()
local readme = table.remove(argv, 1)
local stub = os.getenv('CAL_LINT_STUB') == '1'

local function fail(msg)
  out:write('FAIL: ' .. msg .. '\n')
  vim.cmd('cquit 1')
end

if stub then
  package.preload['lint'] = function()
    return { linters = {}, linters_by_ft = {} }
  end
  package.preload['lint.parser'] = function()
    return {
      from_pattern = function(pattern, groups, severity_map, defaults, opts)
        severity_map, defaults, opts = severity_map or {}, defaults or {}, opts or {}
        return function(output, bufnr, cwd)
          local buffer_path = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':p')
          local result = {}
          for _, line in ipairs(vim.split(output, '\n', true)) do
            local matches = { line:match(pattern) }
            if #matches > 0 then
              local c = {}
              for i, m in ipairs(matches) do
                c[groups[i]] = m
              end
              local path = c.file
              if path and not vim.startswith(path, '/') then
                path = vim.fn.simplify(cwd .. '/' .. path)
              end
              if not path or path == buffer_path then
                local col = tonumber(c.col) and tonumber(c.col) + (opts.col_offset or -1) or 0
                table.insert(result, vim.tbl_extend('keep', {
                  lnum = math.max(tonumber(c.lnum) - 1, 0) + (opts.lnum_offset or 0),
                  col = math.max(col, 0),
                  severity = severity_map[c.severity] or defaults.severity
                    or vim.diagnostic.severity.ERROR,
                  message = assert(c.message, 'the pattern has no message group'),
                }, defaults))
              end
            end
          end
          return result
        end
      end,
    }
  end
end

local text = table.concat(vim.fn.readfile(readme), '\n')
local code = text:match('\n<!%-%- snippet: nvim%-lint %-%->\n```lua\n(.-)\n```')
if not code then
  fail('no nvim-lint snippet in ' .. readme)
end
local chunk, err = loadstring(code, '=README nvim-lint snippet')
if not chunk then
  fail(err)
end
chunk()
local lint = require('lint')
local linter = lint.linters.cuda_access_lint
if not linter or not vim.tbl_contains(lint.linters_by_ft.cuda or {}, 'cuda_access_lint') then
  fail('the snippet defines no cuda_access_lint linter for filetype cuda')
end

-- What nvim-lint does for one linter, in the stand-in.
local function run_stub(bufnr)
  local function eval(x)
    if type(x) == 'function' then
      return x()
    end
    return x
  end
  local cmd = { eval(linter.cmd) }
  for _, a in ipairs(eval(linter.args) or {}) do
    table.insert(cmd, eval(a))
  end
  if not linter.stdin and linter.append_fname ~= false then
    table.insert(cmd, vim.api.nvim_buf_get_name(bufnr))
  end
  local stream = linter.stream or 'stdout'
  local chunks, code_ = {}, nil
  local function collect(name)
    return function(_, data)
      if stream == name or stream == 'both' then
        table.insert(chunks, table.concat(data, '\n'))
      end
    end
  end
  local job = vim.fn.jobstart(cmd, {
    stdout_buffered = true, stderr_buffered = true,
    on_stdout = collect('stdout'), on_stderr = collect('stderr'),
    on_exit = function(_, c) code_ = c end,
  })
  if linter.stdin then
    vim.fn.chansend(job, vim.api.nvim_buf_get_lines(bufnr, 0, -1, true))
    vim.fn.chansend(job, { '' })
  end
  vim.fn.chanclose(job, 'stdin')
  vim.wait(120000, function() return code_ ~= nil end, 20)
  if code_ ~= 0 and not linter.ignore_exitcode then
    out:write(string.format('exit code %s would be reported as a failure\n', tostring(code_)))
  end
  local ns = vim.api.nvim_create_namespace('cal-lint-stub')
  vim.diagnostic.set(ns, bufnr, linter.parser(table.concat(chunks, '\n'), bufnr, vim.fn.getcwd()))
end

local names = { 'ERROR', 'WARN', 'INFO', 'HINT' }
local function lint_file(file, label)
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  vim.bo.filetype = 'cuda'
  local bufnr = vim.api.nvim_get_current_buf()
  vim.diagnostic.reset(nil, bufnr)
  if stub then
    run_stub(bufnr)
  else
    -- nvim-lint publishes (even no diagnostics) once the output is read.
    local published = false
    vim.api.nvim_create_autocmd('DiagnosticChanged', {
      buffer = bufnr, once = true,
      callback = function() published = true end,
    })
    lint.try_lint()
    if not vim.wait(120000, function() return published end, 20) then
      out:write('nvim-lint published nothing within 120 s\n')
    end
  end
  local ds = vim.diagnostic.get(bufnr)
  table.sort(ds, function(a, b)
    return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col)
  end)
  local name = vim.fn.fnamemodify(file, ':t')
  out:write(string.format('%s%s: %d diagnostic(s)\n', name, label, #ds))
  for _, d in ipairs(ds) do
    local line = vim.api.nvim_buf_get_lines(bufnr, d.lnum, d.lnum + 1, false)[1] or ''
    out:write(string.format('%s:%d:%d: %s: %s {%s} source=%s\n', name, d.lnum + 1, d.col + 1,
      names[d.severity], d.message, line:sub(d.col + 1, d.col + 1), tostring(d.source)))
  end
end

for _, file in ipairs(argv) do
  lint_file(file, '')
end
table.insert(linter.args, '--warnings-as-errors=cuda-uncoalesced-global')
lint_file(argv[1], ' with --warnings-as-errors')
vim.cmd('qall!')
