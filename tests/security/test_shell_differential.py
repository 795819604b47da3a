"""The shell gate against the real shell: every line the gate allows under `shell_command(ls:*)` runs under
`bash --noprofile --norc` with a PATH of shims that log their own name; any program but ls, or any file
written, is a hole.

hypothesis builds lines from a shell alphabet (operators, quotes, redirections, substitutions, expansions,
here-documents, keywords, and programs that must never run). The run is derandomized, with no example
database, so CI sees the same examples every time; 400 examples keep it to a few seconds here.
"""

import os
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from orkeon_engine.adapters.subprocess_shell import bash_command
from orkeon_engine.domain.permissions.decide import Allow, GateContext, decide
from orkeon_engine.domain.permissions.rules import RuleEntry, parse_rule
from tests.support.bash_grammar import BASH_READ
from tests.support.permission_calls import shell

SHIMS = ("ls", "touch", "rm", "cat", "sh", "bash", "env", "xargs", "id", "X", "PWNED", "find", "git", "sudo",
         "nohup", "timeout", "tee", "sed", "awk", "python3", "curl", "chmod", "a", "b", "true")
TOKENS = (
    " ", " ", " ", "ls", "ls", "-la", "-1", "a", "b", "X", "touch", "rm", "cat", "sh", "bash", "PWNED", "id",
    ";", "&", "&&", "||", "|", "|&", "\n", "\r", "\t",
    "&>", ">", ">>", "<", "<<", "<<<", "<<-", "2>&1", ">&", ">|", "<>", "/dev/null", "out",
    "$(", ")", "(", "`", "'", '"', "\\", "{", "}", "$", "${", "$((", "#", "*", "?", "[", "]", "~", "!", "=",
    "x=1", "PATH=.", "IFS=t", "eval", "exec", "command", "builtin", "source", ".", "coproc", "time",
    "if", "then", "fi", "do", "done", "for", "in", "case", "esac", "function", "--", "-", "\\;",
    "EOF", "$'\\x74ouch'", "{touch,X}", "l\\s", "'ls'", '"ls"', "\\touch", "$0", "$IFS", "xargs", "env",
    "/bin/touch", "./X", "tee", "-exec", ";;", "&>>", "2>", ">(", "<(",
)
EXAMPLES = int(os.environ.get("ORKEON_DIFFERENTIAL_EXAMPLES", "400"))


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    root = tmp_path_factory.mktemp("differential")
    shims = root / "shims"
    shims.mkdir()
    for name in SHIMS:
        shim = shims / name
        shim.write_text('#!/bin/sh\nprintf \'%s\\n\' "${0##*/}" >> "$SHIM_LOG"\n')
        shim.chmod(0o755)
    work = root / "work"
    work.mkdir()
    (work / "a").write_text("a\n")
    return shims, work, root / "ran.log"


def _context():
    return GateContext("default", (RuleEntry(parse_rule("shell_command(ls:*)", "allow"), "test"),), read=BASH_READ)


def _run(line, sandbox):
    shims, work, log = sandbox
    log.write_text("")
    before = sorted(os.listdir(work))
    env = {"PATH": str(shims), "SHIM_LOG": str(log), "HOME": str(work), "LANG": "C.UTF-8"}
    subprocess.run(bash_command(line), cwd=work, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                   timeout=10, check=False)
    return log.read_text().split(), before, sorted(os.listdir(work))


pieces = st.tuples(st.sampled_from(("", " ", " ")), st.sampled_from(TOKENS)).map("".join)
lines = st.lists(pieces, min_size=1, max_size=8).map(lambda tokens: "ls " + "".join(tokens))


@settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(line=lines)
def test_a_line_the_gate_allows_under_ls_runs_nothing_but_ls(line, sandbox):
    if not isinstance(decide(shell(line), _context()), Allow):
        return

    ran, before, after = _run(line, sandbox)

    assert set(ran) <= {"ls"}, f"{line!r} was allowed under ls:* and ran {ran}"
    assert after == before, f"{line!r} was allowed under ls:* and changed the folder: {before} -> {after}"


@pytest.mark.parametrize("line", [
    "ls &>/dev/null touch PWNED",
    "ls 2>&1 touch PWNED",
    "ls > /dev/null touch X",
])
def test_the_redirection_that_fooled_dash_runs_only_ls_under_bash(line, sandbox):
    assert isinstance(decide(shell(line), _context()), Allow)

    ran, before, after = _run(line, sandbox)

    assert ran == ["ls"] and after == before


def test_the_alphabet_reaches_lines_the_gate_allows():
    allowed = [line for line in ("ls -la", "ls a b", "ls 'a b'", "ls && ls -1", "ls | ls", "ls\nls", "ls # x; touch X")
               if isinstance(decide(shell(line), _context()), Allow)]

    assert len(allowed) == 7


def test_the_shims_log_what_runs(sandbox):
    ran, _, _ = _run("ls; touch X; rm X", sandbox)

    assert ran == ["ls", "touch", "rm"]
