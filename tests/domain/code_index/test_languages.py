from orkeon_engine.domain.code_index.languages import in_skipped_dir, is_skipped_dir, language_of


def test_the_language_comes_from_the_extension():
    found = [language_of(p) for p in ["a.py", "b.tsx", "c.ts", "d.mjs", "e.go", "f.rs", "G.java", "h.md"]]

    assert found == ["python", "tsx", "typescript", "javascript", "go", "rust", "java", None]


def test_minified_and_generated_files_are_not_parsed():
    assert language_of("static/app.min.js") is None
    assert language_of("proto/api_pb2.py") is None


def test_vendored_and_hidden_folders_are_never_entered():
    assert all(is_skipped_dir(name) for name in ["node_modules", "vendor", ".venv", "third_party", "dist",
                                                  "build", ".cache"])
    assert not is_skipped_dir("src")


def test_a_path_under_a_vendored_folder_is_skipped_wherever_the_folder_is():
    assert in_skipped_dir("web/node_modules/react/index.js")
    assert not in_skipped_dir("web/src/vendors.ts")
