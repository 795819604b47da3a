from orkeon_engine.crews.dev_learn.prompt_catalogue import every_prompt


def test_the_catalogue_renders_the_learn_prompt_over_three_batches_of_rows():
    (prompt,) = every_prompt()

    assert prompt.name == "dev-learn" and prompt.user.count("\n- ") >= 4
