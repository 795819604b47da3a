from orkeon_engine.services.repository_pack import build_repository_pack
from tests.support.dev_steps import INDEX, PROJECT
from tests.support.doubles.fake_code_index import FakeCodeIndex
from tests.support.doubles.fake_files import FakeFiles


async def test_the_pack_holds_the_commands_the_tests_the_layout_and_the_instructions():
    files = FakeFiles({**PROJECT, "/workspace/.orkeon/work/cart/spec.md": "x"})

    pack = await build_repository_pack(files, FakeCodeIndex(INDEX))

    commands = [command.command for zone in pack.zones for command in zone.commands]
    assert "make test" in commands and pack.test_files == ("tests/test_cart.py",)
    assert "shop" in pack.layout and [source.path for source in pack.instructions] == ["AGENTS.md"]
    assert ".orkeon/work/cart/spec.md" not in pack.files and "shop/cart.py" in pack.files


async def test_without_an_index_the_layout_is_the_top_of_the_folders():
    pack = await build_repository_pack(FakeFiles(dict(PROJECT)), None)

    assert "shop/" in pack.layout.splitlines()
