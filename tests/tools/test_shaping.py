from orkeon_engine.domain.permissions.decide import Deny, GateContext, decide
from orkeon_engine.domain.permissions.rule_sets import RULE_SETS
from orkeon_engine.tools.file_read import FileReadInput, FileReadTool
from orkeon_engine.tools.read_ledger import ReadLedger
from orkeon_engine.tools.shaping import gate_path, gate_paths, human_size, link_targets, plural, shorten_line
from tests.support.bash_grammar import BASH_READ
from tests.support.doubles.fake_files import FakeFiles


def test_the_gate_sees_the_resolved_path_or_the_path_as_written_when_it_is_refused():
    files = FakeFiles()

    assert gate_path(files, "src/../a.py") == "/workspace/a.py"
    assert gate_path(files, "/etc/passwd") == "/etc/passwd"


def test_the_gate_sees_both_a_symlink_and_what_it_leads_to():
    files = FakeFiles()
    files.links["/workspace/notes.txt"] = "/workspace/.env"

    assert gate_paths(files, "notes.txt") == ("/workspace/notes.txt", "/workspace/.env")
    assert gate_paths(files, "a.py") == ("/workspace/a.py",)


async def test_a_read_through_a_symlink_to_an_env_file_meets_the_secrets_rules():
    files = FakeFiles({".env": "KEY=1\n", "notes.txt": ""})
    files.links["/workspace/notes.txt"] = "/workspace/.env"
    call = await FileReadTool(files, ReadLedger()).describe(FileReadInput(path="notes.txt"))

    decision = decide(call, GateContext("bypassPermissions", RULE_SETS["secrets"].entries(), read=BASH_READ))

    assert isinstance(decision, Deny)


def test_a_long_line_is_shortened_with_the_count_of_what_was_left_out():
    assert shorten_line("abcdef", 4) == ("abcd [... 2 more characters on this line]", True)
    assert shorten_line("abc", 4) == ("abc", False)


def test_sizes_and_counts_read_as_words():
    assert [human_size(n) for n in (12, 2048, 3 * 1024 * 1024)] == ["12 B", "2.0 KB", "3.0 MB"]
    assert [plural(1, "line"), plural(1200, "line")] == ["1 line", "1,200 lines"]


def test_link_targets_are_the_paths_a_symlink_leads_to():
    files = FakeFiles()
    files.links["/workspace/notes.txt"] = "/workspace/.env"

    assert link_targets(files, ["notes.txt", "src/app.py", "$x", "-la", "../out"]) == ("/workspace/.env",)
