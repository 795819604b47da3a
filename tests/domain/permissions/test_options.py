import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.permissions.options import RISKY_OPTIONS, RISKY_PROGRAMS, option_risk
from orkeon_engine.domain.tools.shell_reading import CommandPart
from tests.support.bash_grammar import BASH_READ


def _risk(line):
    return option_risk(BASH_READ(line).parts[0])


@pytest.mark.parametrize("line", [
    "git diff --output=.git/config",
    "git diff --output .git/config",
    "git diff --outp=.git/config",
    "git log HEAD --ext-diff",
    "git -c core.pager=touch\\ x log",
    "git --exec-path=evil status",
    "git -C vendor/bare status",
    "git format-patch -o out HEAD~1",
    "git fetch --upload-pack=./evil origin",
    "git clone -u ./evil x",
    "git rebase -x 'make test' main",
    "git submodule foreach make",
    "git config core.fsmonitor ./evil",
    "find . -name '*.py' -exec rm {} ;",
    "find . -delete",
    "find . -fprint out.txt",
    "fd -x rm",
    "rg --pre ./evil x",
    "sed -i s/a/b/ f.txt",
    "sed -ni p f.txt",
    "sed --in-place=.bak s/a/b/ f.txt",
    "sed 's/a/b/w out.txt' f.txt",
    "sed -e '1e touch x' f.txt",
    "sort -o out.txt in.txt",
    "tar --to-command=sh -xf a.tar",
    "tar -I ./evil -cf a.tar .",
    "awk 'BEGIN { system(\"touch x\") }'",
    "awk '{ print > \"out.txt\" }' in.txt",
    "awk '{ print | \"sh\" }' in.txt",
    "curl -o out https://example.org",
    "tee out.txt",
    "xargs rm",
    "nohup xargs rm",
    "wget https://example.org",
    "ssh -o ProxyCommand=./evil host",
])
def test_an_option_that_writes_or_runs_is_found(line):
    assert _risk(line) is not None


@pytest.mark.parametrize("line", [
    "git diff --stat HEAD~1",
    "git log --oneline -5",
    "git status -u",
    "git push -u origin main",
    "git commit -c HEAD",
    "git ls-files -o --exclude-standard",
    "git diff -- --output=x",
    "find . -name '*.py' -print",
    "sed -n '/error/p' f.txt",
    "sed 's/a/e/g' f.txt",
    "awk '$3 > 100 { print $1 }' f.txt",
    "awk '$1 == \"a\" || $2 == \"b\"' f.txt",
    "sort -n -k2 in.txt",
    "tar -tzf a.tar.gz",
    "tee /dev/null",
    "ls -la",
])
def test_a_plain_read_has_no_risky_option(line):
    assert _risk(line) is None


def test_the_reason_names_the_program_the_option_and_what_it_does():
    assert _risk("git diff --output=.git/config") == (
        "git diff --output=.git/config: --output makes git write the file it names"
    )


def test_every_risky_option_is_spelled_somehow():
    for option in RISKY_OPTIONS:
        assert option.long or option.short or option.exact, option


def test_the_risky_programs_say_what_they_do():
    assert all(what for _, what in RISKY_PROGRAMS.values())


@given(st.lists(st.text(alphabet="-aeiouxOoc=./ ", max_size=12), max_size=6))
def test_no_words_make_the_policy_raise(words):
    option_risk(CommandPart(("git", *words)))
    option_risk(CommandPart(("sed", *words)))
