from orkeon_engine.domain.tools.shell_reading import CommandPart, Doubt, ShellLine, join_words, program_name


def test_a_word_is_quoted_only_when_it_needs_it():
    assert join_words(["git", "commit", "-m", "fix it", ""]) == "git commit -m 'fix it' ''"
    assert join_words(["echo", "it's"]) == 'echo "it\'s"'


def test_a_line_is_sure_only_when_it_parses_runs_something_and_doubts_nothing():
    plain = CommandPart(("ls",))
    doubted = CommandPart(("echo", "$x"), (Doubt("expansion", "an expansion ($x)"),))

    assert ShellLine((plain,)).sure
    assert not ShellLine((plain, doubted)).sure
    assert not ShellLine((plain,), complete=False).sure
    assert not ShellLine(()).sure


def test_the_doubts_of_a_line_are_said_once_the_unparsed_rest_first():
    doubt = Doubt("expansion", "an expansion ($x)")
    line = ShellLine((CommandPart(("a",), (doubt,)), CommandPart(("b",), (doubt,))), complete=False)

    assert line.doubts == ("a piece that does not parse as bash", "an expansion ($x)")


def test_a_program_named_by_path_is_its_file_name():
    assert [program_name(word) for word in ("/usr/bin/git", "./run.sh", "ls", "dir/")] == ["git", "run.sh", "ls", "dir"]
