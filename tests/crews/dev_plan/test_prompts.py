from orkeon_engine.crews.dev_plan.prompts import build_plan_user, build_send_back


def test_the_user_message_carries_the_source_the_inventory_and_what_the_replaced_plan_left():
    user = build_plan_user("c", "spec.md", "# Spec", ["- I1 · module · a · a.py:1-2"], "## pack", "decided: yes")

    assert "## The source, spec.md\n# Spec" in user and "- I1 · module · a · a.py:1-2" in user
    assert "## What the plan this one replaces left open\ndecided: yes" in user


def test_the_send_back_lists_each_gap():
    assert "- UC2 has no test" in build_send_back("u", "{}", ["UC2 has no test"])
