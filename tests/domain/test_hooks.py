from orkeon_engine.domain.hooks import HookDeclaration, parse_hooks


def test_an_unset_setting_declares_nothing():
    assert parse_hooks(None).hooks == ()


def test_strings_and_objects_are_read_in_the_settings_order():
    book = parse_hooks({"afterTurn": ["make lint"],
                        "beforeTool": [{"command": "./check.sh", "matcher": "shell_command"}]})

    assert book.hooks == (HookDeclaration("afterTurn", "make lint"),
                          HookDeclaration("beforeTool", "./check.sh", "shell_command"))
    assert book.problems == ()


def test_any_one_word_event_is_accepted_since_nothing_fires_them():
    book = parse_hooks({"afterEdit": ["make lint"]})

    assert book.hooks == (HookDeclaration("afterEdit", "make lint"),)


def test_an_event_of_several_words_is_a_problem_naming_examples():
    book = parse_hooks({"on save": ["x"]})

    assert book.hooks == ()
    assert book.problems[0].startswith("hooks.'on save': an event is one word, such as sessionStart")


def test_a_bad_entry_is_a_problem_naming_its_place_and_the_others_are_kept():
    book = parse_hooks({"afterTurn": ["make lint", 3, {"command": ""}, {"command": "x", "when": "y"}]})

    assert [h.command for h in book.hooks] == ["make lint"]
    assert book.problems[0].startswith("hooks.afterTurn[1]: expected a command string")
    assert book.problems[1] == "hooks.afterTurn[2]: a command string is required"
    assert book.problems[2].startswith("hooks.afterTurn[3]: unknown field 'when'")


def test_an_empty_matcher_is_a_problem():
    book = parse_hooks({"afterTool": [{"command": "x", "matcher": " "}]})

    assert book.problems == ("hooks.afterTool[0]: the matcher must be a tool name or *",)


def test_a_declaration_describes_its_event_its_tools_and_its_command():
    assert HookDeclaration("beforeTool", "./check.sh", "shell_command").describe() == \
        "beforeTool shell_command: ./check.sh"
    assert HookDeclaration("afterTurn", "make lint").describe() == "afterTurn: make lint"


def test_one_command_given_alone_is_a_list_of_one():
    book = parse_hooks({"beforeCommit": "make test"})

    assert book.hooks == (HookDeclaration("beforeCommit", "make test"),)
