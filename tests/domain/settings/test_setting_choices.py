"""The setting choices: the schema offers them, and reads them without importing the modules that own them."""

import subprocess
import sys

from orkeon_engine.domain.settings.config_schema import find_key
from orkeon_engine.domain.settings.setting_choices import (
    DEFAULT_IDLE_MINUTES,
    DEFAULT_RULE_SETS,
    DEFAULT_SHELL_ALLOW,
    REQUEST_SEARCHES,
    STRUCTURED_SETTINGS,
    TOOL_CALL_SETTINGS,
    VERIFY_SETTINGS,
)


def test_the_schema_offers_these_choices_and_defaults():
    choices = {key: find_key(key).allowed_choices() for key in (
        "model.toolCalls", "model.structuredOutput", "assistant.requestSearch", "assistant.verify")}

    assert choices == {"model.toolCalls": TOOL_CALL_SETTINGS, "model.structuredOutput": STRUCTURED_SETTINGS,
                       "assistant.requestSearch": REQUEST_SEARCHES, "assistant.verify": VERIFY_SETTINGS}
    assert find_key("permissions.ruleSets").default == list(DEFAULT_RULE_SETS)
    assert find_key("shell.allow").default == list(DEFAULT_SHELL_ALLOW)
    assert find_key("model.local.idleMinutes").default == DEFAULT_IDLE_MINUTES


def test_the_schema_imports_none_of_the_modules_that_act_on_them():
    owners = ("checks.turn_checks", "checks.change_checks", "checks.check_commands", "permissions.rule_sets",
              "permissions.shell", "context.request_material", "model_replies.prompt_tool_protocol", "model.act",
              "model.chat", "model.local_model")
    code = ("import sys; import orkeon_engine.domain.settings.config_schema; "
            f"print(sorted(o for o in {owners!r} if 'orkeon_engine.domain.' + o in sys.modules))")

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)

    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
