"""The top-level definitions of a brace-language file, and a block of some of them spliced in."""

from orkeon_engine.domain.model_replies.brace_definitions import brace_definitions, brace_spliced

SLUGS = """'use strict';
// Slugs: words joined by a separator.

const MAX_LENGTH = 40;
const SEPARATOR = '-';

/** The title's words, lower-cased, joined. */
function slugify(title, separator = SEPARATOR) {
  const words = title.toLowerCase().split(/[^a-z0-9{]+/);
  return words.filter((word) => word.length > 0).join(separator);
}

const shout = (text) =>
  `${text.toUpperCase()} } {`;

function isValid(slug) {
  if (slug.length > MAX_LENGTH) {
    return false; // a '}' in a comment
  }
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug);
}

module.exports = { MAX_LENGTH, slugify, shout, isValid };
"""


def _names(source: str, rust: bool = False) -> list[str]:
    found = brace_definitions(source, rust)
    assert found is not None
    return [each.name for each in found]


def test_the_top_level_definitions_are_read_with_their_extent():
    found = brace_definitions(SLUGS)

    assert found is not None
    assert [(each.name, each.start, each.end) for each in found] == [
        ("MAX_LENGTH", 4, 4), ("SEPARATOR", 5, 5), ("slugify", 8, 11), ("shout", 13, 14), ("isValid", 16, 21)]


def test_one_function_of_a_block_replaces_the_files_own_alone():
    block = "function isValid(slug) {\n  return slug.length <= MAX_LENGTH;\n}\n"

    merged = brace_spliced(SLUGS, block)

    assert merged is not None
    text, names = merged
    assert names == ("isValid",)
    assert "return slug.length <= MAX_LENGTH;\n}\n\nmodule.exports" in text
    assert "return false; // a '}' in a comment" not in text
    assert text.startswith(SLUGS[:SLUGS.index("function isValid")])


def test_a_constant_and_an_indented_block_are_spliced():
    merged = brace_spliced(SLUGS, "    const MAX_LENGTH = 41;\n")

    assert merged is not None
    assert merged[0] == SLUGS.replace("const MAX_LENGTH = 40;", "const MAX_LENGTH = 41;")


def test_a_definition_the_file_lacks_is_added_at_its_end():
    block = "function isValid(slug) {\n  return true;\n}\n\nfunction extra() {\n  return 1;\n}\n"

    merged = brace_spliced(SLUGS, block)

    assert merged is not None
    assert merged[0].endswith("module.exports = { MAX_LENGTH, slugify, shout, isValid };\n\n"
                              "function extra() {\n  return 1;\n}\n")
    assert merged[1] == ("isValid", "extra")


def test_nothing_is_spliced_when_the_reading_is_unsure():
    assert brace_spliced(SLUGS, "function isValid(slug) {\n  return true;\n") is None  # a body left open
    assert brace_spliced(SLUGS, "function other() {\n  return 1;\n}\n") is None  # rewrites none of the file's
    twice = SLUGS + "\nfunction isValid(x) {\n  return x;\n}\n"
    assert brace_spliced(twice, "function isValid(slug) {\n  return true;\n}\n") is None
    assert brace_definitions("function f() {\n  return [1, 2);\n}\n") is None  # brackets that do not match


def test_go_methods_are_named_by_their_receiver():
    source = ("package store\n\ntype Store struct {\n\titems map[string]int\n}\n\n"
              "func (s *Store) Get(key string) int {\n\treturn s.items[key]\n}\n\n"
              "func (Cache) Get(key string) int {\n\treturn 0\n}\n\nfunc New() *Store {\n\treturn &Store{}\n}\n")

    assert _names(source) == ["Store", "Store.Get", "Cache.Get", "New"]
    merged = brace_spliced(source, "func (s *Store) Get(key string) int {\n\treturn s.items[key] + 1\n}\n")
    assert merged is not None and "return s.items[key] + 1" in merged[0] and "return 0" in merged[0]


def test_rust_functions_impls_and_lifetimes_are_read():
    source = ("pub struct Point {\n    x: i32,\n}\n\nimpl Point {\n    pub fn x(&self) -> i32 {\n        self.x\n"
              "    }\n}\n\npub fn first<'a>(items: &'a [i32]) -> &'a i32 {\n    &items[0]\n}\n")

    assert _names(source, rust=True) == ["Point", "impl Point", "first"]
    assert _names("const C: char = '{';\nconst D: char = '\\'';\n", rust=True) == ["C", "D"]
    assert _names("export default async function load() {\n  return 1;\n}\n") == ["load"]
