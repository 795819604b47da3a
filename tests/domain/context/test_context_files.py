from orkeon_engine.domain.context.compaction_thresholds import thresholds_for
from orkeon_engine.domain.context.context_files import (
    CONTEXT_FILES_SHARE,
    ContextFile,
    PinnedFile,
    context_files_budget,
    fence_for,
    fit_files,
    glob_matcher,
    glob_root,
    literal_pattern,
    merge_pins,
    pinned_from_state,
    read_only_entries,
    state_of,
)
from orkeon_engine.domain.permissions.decide import Deny, GateContext, decide
from orkeon_engine.domain.permissions.tools import EDIT_TOOLS
from orkeon_engine.domain.tool_call import ToolCall
from tests.support.bash_grammar import BASH_GRAMMAR


def test_the_state_keeps_the_pins_in_order_and_reads_them_back():
    pins = [PinnedFile("/workspace/a.py"), PinnedFile("/workspace/b.md", True, "/workspace/docs/b.md")]

    assert pinned_from_state(state_of(pins)) == pins


def test_a_malformed_state_or_a_path_outside_the_workspace_reads_as_not_pinned():
    value = [{"path": "/etc/passwd"}, "x", {"path": 3}, {"path": "/workspace/a.py", "readOnly": "yes"}]

    assert pinned_from_state(value) == [PinnedFile("/workspace/a.py", False)]
    assert pinned_from_state({"path": "/workspace/a.py"}) == []


def test_pinning_again_keeps_the_place_and_takes_the_new_flag():
    current = [PinnedFile("/workspace/a.py"), PinnedFile("/workspace/b.py")]

    merged, changed = merge_pins(current, [PinnedFile("/workspace/a.py", True), PinnedFile("/workspace/b.py")])

    assert merged == [PinnedFile("/workspace/a.py", True), PinnedFile("/workspace/b.py")]
    assert changed == ["/workspace/a.py"]


def test_a_glob_matches_within_one_name_and_skips_hidden_names_as_a_shell_does():
    matcher = glob_matcher("src/*.py")

    assert matcher.fullmatch("src/a.py") and not matcher.fullmatch("src/deep/a.py")
    assert not matcher.fullmatch("src/.hidden.py")
    assert glob_matcher(".env*").fullmatch(".env.local")


def test_a_double_star_spans_folders_but_not_hidden_ones():
    matcher = glob_matcher("docs/**/*.md")

    assert matcher.fullmatch("docs/a.md") and matcher.fullmatch("docs/x/y/a.md")
    assert not matcher.fullmatch("docs/.git/a.md")
    assert glob_matcher("src/**").fullmatch("src/x/a.py")


def test_a_globs_root_is_its_fixed_folder_and_its_depth_how_far_it_reaches():
    assert glob_root("src/pkg/*.py") == ("src/pkg", 1)
    assert glob_root("*/a.py") == ("", 2)
    assert glob_root("docs/**/*.md") == ("docs", None)


def test_a_literal_pattern_escapes_the_characters_a_pattern_reads():
    assert literal_pattern("/workspace/src/a[1]*.py") == "/src/a\\[1\\]\\*.py"


def test_a_read_only_file_is_denied_to_every_edit_tool_and_still_read():
    entries = read_only_entries([PinnedFile("/workspace/spec[v2].md", True), PinnedFile("/workspace/a.py")])
    context = GateContext("bypassPermissions", entries, read=BASH_GRAMMAR.read)

    verdicts = [decide(ToolCall(tool, "edit", paths=("/workspace/spec[v2].md",)), context) for tool in EDIT_TOOLS]
    editable = decide(ToolCall("file_write", "edit", paths=("/workspace/a.py",)), context)
    read = decide(ToolCall("file_read", "read", paths=("/workspace/spec[v2].md",)), context)

    assert all(isinstance(v, Deny) and "pinned this file read-only" in v.reason for v in verdicts)
    assert not isinstance(editable, Deny) and not isinstance(read, Deny)


def test_a_read_only_symlink_keeps_its_target_from_edits_too():
    entries = read_only_entries([PinnedFile("/workspace/link.md", True, "/workspace/docs/real.md")])
    context = GateContext("bypassPermissions", entries, read=BASH_GRAMMAR.read)

    assert isinstance(decide(ToolCall("file_write", "edit", paths=("/workspace/docs/real.md",)), context), Deny)


def test_the_budget_is_a_share_of_the_usable_context():
    thresholds = thresholds_for(128_000)

    assert context_files_budget(thresholds) == int(thresholds.usable * CONTEXT_FILES_SHARE)


def test_a_file_past_the_budget_is_left_out_whole_and_a_smaller_one_after_it_still_fits():
    read = [ContextFile("/workspace/a", False, "a", 60), ContextFile("/workspace/big", False, "b", 50),
            ContextFile("/workspace/c", True, "c", 30)]

    fitted = fit_files(read, 100)

    assert [f.shown for f in fitted] == [True, False, True]
    assert fitted[1].text == "" and "about 50 tokens" in fitted[1].left_out and "may take 100" in fitted[1].left_out


def test_the_fence_is_longer_than_any_run_of_backquotes_in_the_text():
    assert fence_for("plain") == "```"
    assert fence_for("a ```` b") == "`````"
