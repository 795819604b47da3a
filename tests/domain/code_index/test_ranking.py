import pytest

from orkeon_engine.domain.code_index.answers import IndexSnapshot, TextHit
from orkeon_engine.domain.code_index.model import FileEntry, Symbol
from orkeon_engine.domain.code_index.ranking import files_named, name_tokens, names_used, rank_symbols, rank_text_hits


def _s(name, qualified, kind="function", parent=None, path="a.py"):
    return Symbol(name, qualified, kind, path, 1, 2, 0, 1, parent)


SYMBOLS = [
    _s("parse_args", "app.cli.parse_args"),
    _s("ArgParser", "app.args.ArgParser", "class"),
    _s("parse", "app.args.ArgParser.parse", "method", "app.args.ArgParser"),
    _s("_parse_helper", "app.args._parse_helper"),
    _s("render", "app.view.render"),
]


def test_an_exact_name_ranks_first():
    ranked = rank_symbols("parse", SYMBOLS)

    assert ranked[0].symbol.qualified_name == "app.args.ArgParser.parse"


def test_a_dotted_tail_of_the_qualified_name_is_an_exact_match():
    ranked = rank_symbols("ArgParser.parse", SYMBOLS)

    assert ranked[0].symbol.name == "parse"


def test_every_word_of_the_query_must_match_and_nothing_else_is_listed():
    ranked = rank_symbols("parse args", SYMBOLS)

    assert {r.symbol.name for r in ranked} == {"parse_args", "ArgParser", "parse", "_parse_helper"}


def test_identifier_parts_are_split_on_case_and_underscores():
    assert name_tokens("parseArgs_fast") == {"parse", "args", "fast"}
    assert name_tokens("HTTPServer") == {"http", "server"}


def test_text_hits_on_a_listed_symbol_line_are_dropped_and_exact_case_comes_first():
    hits = [TextHit("b.py", 3, "x = Parse()"), TextHit("a.py", 1, "def parse():"), TextHit("c.py", 2, "parse(x)")]

    kept = rank_text_hits("parse", hits, covered={("a.py", 1)})

    assert [(h.path, h.line) for h in kept] == [("c.py", 2), ("b.py", 3)]


FILES = [FileEntry("inventory/settings.py", "python", "h", 200, 10, "inventory.settings"),
         FileEntry("inventory/server.py", "python", "h", 200, 30, "inventory.server"),
         FileEntry("settings.json.py", "python", "h", 10, 1, "settings.json")]


@pytest.mark.parametrize("query", ["inventory/settings.py", "/workspace/inventory/settings.py", "inventory.settings.py",
                                   "inventory.settings", "`settings.py`", "settings"])
def test_a_query_naming_a_file_finds_it(query):
    assert [entry.path for entry in files_named(query, FILES)] == ["inventory/settings.py"]


@pytest.mark.parametrize("query", ["DEFAULT_PORT", "inventory settings", "ventory/settings.py", "", "py", "...",
                                   "///", "/workspace/", "ünïcödé"])
def test_a_query_naming_no_file_finds_none(query):
    assert files_named(query, FILES) == []


def test_the_case_of_a_files_name_does_not_matter():
    assert [entry.path for entry in files_named("Inventory/Settings.py", FILES)] == ["inventory/settings.py"]


def test_a_go_or_java_module_names_no_one_file():
    go = [FileEntry(f"server/{name}.go", "go", "h", 10, 1, "server") for name in ("main", "routes")]

    assert files_named("server", go) == [] and [e.path for e in files_named("server/routes.go", go)] == [
        "server/routes.go"]


def test_names_used_follows_only_module_level_values_of_the_hits_own_file_not_yet_shown():
    path = "app/settings.py"
    constant = Symbol("LIMIT", "app.settings.LIMIT", "constant", path, 3, 3, 0, 1)
    nested = Symbol("LIMIT", "app.settings.f.LIMIT", "variable", path, 9, 9, 0, 1, parent="app.settings.f")
    function = Symbol("helper", "app.settings.helper", "function", path, 5, 6, 0, 1)
    elsewhere = Symbol("OTHER", "app.other.OTHER", "constant", "app/other.py", 1, 1, 0, 1)
    snapshot = IndexSnapshot("/r", {path: FileEntry(path, "python", "h", 1, 9, "app.settings",
                                                    symbols=(constant, function, nested)),
                                    "app/other.py": FileEntry("app/other.py", "python", "h", 1, 1, "app.other",
                                                              symbols=(elsewhere,))})
    hits = [TextHit(path, 7, "    return helper(LIMIT) + OTHER")]

    assert names_used(hits, snapshot, set()) == [constant]
    assert names_used(hits, snapshot, {(path, 3)}) == []
    assert names_used([TextHit(path, 3, "LIMIT = 4")], snapshot, set()) == []


def test_a_dotted_query_matches_by_its_parts_loosely_after_the_closer_matches():
    port = Symbol("DEFAULT_PORT", "inventory.settings.DEFAULT_PORT", "constant", "inventory/settings.py", 5, 5, 0, 1)
    other = Symbol("PORTS", "billing.PORTS", "constant", "billing.py", 1, 1, 0, 1)

    assert [r.symbol for r in rank_symbols("inventory.PORT", [port, other])] == [port]
    assert rank_symbols("billing.PORT", [port]) == [] and rank_symbols("inventory.HOST", [port]) == []
