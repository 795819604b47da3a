from orkeon_engine.domain.code_index.model import FileEntry, ImportRef, Symbol
from orkeon_engine.domain.code_index.modules import ModuleTable, module_name, resolve_import


def _entry(path, language, module=None, symbols=()):
    return FileEntry(path, language, "h", 1, 1, module or module_name(path, language), symbols=symbols)


def test_python_modules_are_named_from_their_path_under_the_source_root():
    assert module_name("src/shop/models.py", "python") == "shop.models"
    assert module_name("shop/__init__.py", "python") == "shop"


def test_go_files_are_named_after_their_folder_and_java_files_after_their_package():
    assert module_name("internal/store/db.go", "go") == "internal.store"
    assert module_name("src/main/java/com/x/App.java", "java", "com.x") == "com.x"


def test_rust_files_are_named_under_their_crate():
    assert module_name("src/lib.rs", "rust") == "crate"
    assert module_name("rust/src/shapes.rs", "rust") == "rust.shapes"


def test_a_relative_python_import_resolves_to_the_sibling_module():
    models = _entry("shop/models.py", "python")
    checkout = _entry("shop/checkout.py", "python")
    table = ModuleTable.build([models, checkout])

    found = resolve_import(checkout, ImportRef(".models", 3, ("Cart",)), table)

    assert found.target == "shop/models.py"


def test_an_absolute_python_import_of_the_standard_library_is_external_and_marked_so():
    checkout = _entry("shop/checkout.py", "python")

    found = resolve_import(checkout, ImportRef("json", 1), ModuleTable.build([checkout]))

    assert (found.target, found.external, found.stdlib) == ("", "json", True)


def test_a_relative_javascript_import_finds_the_file_whatever_its_extension():
    app = _entry("web/src/App.tsx", "tsx")
    util = _entry("web/src/util.ts", "typescript")

    found = resolve_import(app, ImportRef("./util", 2), ModuleTable.build([app, util]))

    assert found.target == "web/src/util.ts"


def test_a_bare_javascript_import_names_its_package():
    app = _entry("web/src/App.tsx", "tsx")

    found = resolve_import(app, ImportRef("@scope/pkg/deep", 1), ModuleTable.build([app]))

    assert found.external == "@scope/pkg"


def test_a_go_import_resolves_to_the_package_folder_it_ends_with():
    main = _entry("go/cmd/main.go", "go")
    store = _entry("go/store/db.go", "go")

    found = resolve_import(main, ImportRef("example.com/shop/go/store", 6), ModuleTable.build([main, store]))

    assert found.target == "go/store/"


def test_a_rust_crate_path_resolves_to_the_module_file():
    lib = _entry("rust/src/lib.rs", "rust")
    shapes = _entry("rust/src/shapes.rs", "rust")

    found = resolve_import(lib, ImportRef("crate::shapes::Circle", 3), ModuleTable.build([lib, shapes]))

    assert found.target == "rust/src/shapes.rs"


def test_a_java_import_resolves_to_the_file_declaring_the_type():
    app = Symbol("App", "com.x.App", "class", "src/com/x/App.java", 1, 9, 0, 10)
    declaring = _entry("src/com/x/App.java", "java", "com.x", symbols=(app,))
    user = _entry("src/com/y/Main.java", "java", "com.y")

    found = resolve_import(user, ImportRef("com.x.App", 2), ModuleTable.build([declaring, user]))

    assert found.target == "src/com/x/App.java"
