from orkeon_engine.domain.checks.project_tooling import describe_zone, detect_zones, zone_roots

PATHS = [
    "pyproject.toml", "Makefile", "orkeon/app.py", "tests/test_app.py", "tests/support/x.py",
    "editors/vscode/package.json", "editors/vscode/extension.js", "editors/vscode/test/extension.test.js",
    "services/store/go.mod", "services/store/db.go", "services/store/db_test.go",
    "web/node_modules/left/package.json", "crates/geo/Cargo.toml", "crates/geo/src/lib.rs",
]
TEXTS = {
    "pyproject.toml": '[project]\nname = "x"\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n[tool.ruff]\n'
                      "[tool.mypy]\n",
    "Makefile": "test: lint\n\tpytest\nlint:\n\truff check .\nVAR := 1\n",
    "editors/vscode/package.json": '{"scripts": {"test": "node --test", "lint": "eslint ."},'
                                   ' "devDependencies": {"eslint": "9"}}',
    "services/store/go.mod": "module example.com/store\n",
    "crates/geo/Cargo.toml": "[package]\nname = \"geo\"\n",
}


def _zones():
    return {zone.root: zone for zone in detect_zones(PATHS, TEXTS)}


def test_every_folder_with_a_manifest_is_a_zone_vendored_ones_left_out():
    assert zone_roots(PATHS) == [".", "crates/geo", "editors/vscode", "services/store"]


def test_python_tooling_comes_from_pyproject_and_the_makefile_states_the_commands():
    zone = _zones()["."]

    assert zone.tools == ("pytest", "ruff", "mypy")
    assert {(c.kind, c.command) for c in zone.commands} == {
        ("test", "make test"), ("lint", "make lint"), ("one-test", "python -m pytest path/to/test_file.py::test_name")}


def test_a_stated_command_replaces_the_tools_default_for_its_kind():
    commands = {c.kind: c for c in _zones()["."].commands}

    assert commands["test"].command == "make test"
    assert commands["test"].source == "Makefile target 'test'"


def test_a_nested_zone_keeps_its_own_test_files_and_scripts():
    zone = _zones()["editors/vscode"]

    assert zone.test_files == ("editors/vscode/test/extension.test.js",)
    assert {(c.kind, c.command) for c in zone.commands} == {("test", "npm test"), ("lint", "npm run lint")}
    assert "eslint" in zone.tools


def test_go_and_rust_zones_get_their_tools_defaults():
    zones = _zones()

    assert ("test", "go test ./...") in {(c.kind, c.command) for c in zones["services/store"].commands}
    assert ("test", "cargo test") in {(c.kind, c.command) for c in zones["crates/geo"].commands}
    assert zones["services/store"].test_files == ("services/store/db_test.go",)


def test_the_root_zone_does_not_count_the_nested_zones_tests():
    assert _zones()["."].test_files == ("tests/test_app.py",)


def test_a_zone_slug_names_its_playbook_file():
    zones = _zones()

    assert zones["."].slug == "root"
    assert zones["editors/vscode"].slug == "editors-vscode"


def test_a_zone_is_described_with_where_each_command_comes_from():
    text = describe_zone(_zones()["editors/vscode"])

    assert "- test: `npm test` (package.json script 'test': node --test)" in text
    assert "Test files: 1 (editors/vscode/test/extension.test.js)" in text


def test_an_unreadable_package_json_gives_a_zone_without_scripts():
    zones = detect_zones(["package.json"], {"package.json": "{not json"})

    assert zones[0].commands == ()
