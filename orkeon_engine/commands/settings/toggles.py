"""The behaviour toggles of the assistant, each one descriptor from which its command is built:
/effort, /fast, /proactive and /output-style.

A toggle writes its settings key in the session scope (so it lasts for this session; a settings file may
hold a default). A switch flips when bare and takes on or off; a choice shows its value when bare and
takes one of its values; `reset` removes the session's value either way. The main loop reads the keys
once per turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.entry import UseCase
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.settings.behaviour import EFFORTS, OUTPUT_STYLES
from orkeon_engine.domain.settings.config_schema import find_key
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView

RESET = "reset"
SWITCH_WORDS = {"on": True, "off": False}


@dataclass(frozen=True)
class Toggle:
    """One toggle: its command, its settings key, its one-line description, and its values.

    `choices` empty makes it a switch (on, off, bare flips); otherwise its values, bare showing the current."""

    command: str
    key: str
    description: str
    effect: str
    """What the toggle does, completed by the value: `the reasoning effort is`, `the fast model is`."""
    choices: tuple[str, ...] = ()
    requires: str = ""
    """A settings key that must be set before the switch may be turned on (`model.fast` for /fast)."""

    @property
    def is_switch(self) -> bool:
        return not self.choices

    def args(self) -> ArgSpec:
        values = "on or off (bare: flip)" if self.is_switch else f"one of {', '.join(self.choices)} (bare: show)"
        words = ("on", "off") if self.is_switch else self.choices
        return ArgSpec(positionals=(Positional("value", f"{values}; {RESET} removes the session's value",
                                               choices=(*words, RESET)),))

    def usage(self) -> str:
        return self.args().usage(self.command)


EFFORT = Toggle("effort", "assistant.effort", "Set the reasoning effort the assistant asks of the model.",
                "the reasoning effort is", choices=EFFORTS)
FAST = Toggle("fast", "assistant.fast", "Switch the assistant's turns to the quicker model.fast model, or back.",
              "the fast model is", requires="model.fast")
PROACTIVE = Toggle("proactive", "assistant.proactive",
                   "Let the assistant take the small, safe next step a finished request implies, or not.",
                   "proactive work is")
OUTPUT_STYLE = Toggle("output-style", "assistant.outputStyle",
                      "Choose how the assistant writes its answers: default, concise or explanatory.",
                      "the output style is", choices=OUTPUT_STYLES)
TOGGLES: tuple[Toggle, ...] = (EFFORT, FAST, PROACTIVE, OUTPUT_STYLE)


def toggle_command(toggle: Toggle) -> UseCase:
    """The use case of one toggle's command."""

    async def run(args: ParsedArgs, deps: Deps) -> CommandView:
        spec = find_key(toggle.key)
        assert spec is not None, toggle.key  # the descriptors name declared keys (tested)
        current = await deps.config.read_value(toggle.key)
        word = (args.word(0) or "").strip()
        if word.lower() == RESET:
            await deps.config.write_value(spec, None, "session")
            after = await deps.config.read_value(toggle.key)
            return CommandView(message=f"{toggle.effect} {_shown(after.value)} ({after.source}); the session's "
                                       "value was removed")
        if not word and not toggle.is_switch:
            return CommandView(message=f"{toggle.effect} {_shown(current.value)} ({current.source})")
        value = await _new_value(toggle, word, current.value, deps)
        await deps.config.write_value(spec, value, "session")
        extra = await _detail(toggle, value, deps)
        return CommandView(message=f"{toggle.effect} {_shown(value)} (session){extra}")

    run.__name__ = f"run_{toggle.command.replace('-', '_')}"
    run.__qualname__ = run.__name__
    return run


async def _new_value(toggle: Toggle, word: str, current: Any, deps: Deps) -> Any:
    if toggle.is_switch:
        if not word:
            value = current is not True
        elif word.lower() in SWITCH_WORDS:
            value = SWITCH_WORDS[word.lower()]
        else:
            raise ArgumentError(f"/{toggle.command} takes on, off or {RESET}, not {word!r}", toggle.usage())
        if value and toggle.requires and not await deps.config.get(toggle.requires):
            raise NotConfiguredError(f"/{toggle.command} needs the {toggle.requires} setting: run `orkeon config "
                                     f"set {toggle.requires} <provider/model> --user` first")
        return value
    chosen = next((choice for choice in toggle.choices if choice == word.lower()), None)
    if chosen is None:
        raise ArgumentError(f"/{toggle.command} takes one of {', '.join(toggle.choices)} or {RESET}, not {word!r}",
                            toggle.usage())
    return chosen


async def _detail(toggle: Toggle, value: Any, deps: Deps) -> str:
    if toggle.requires and value is True:
        return f": {await deps.config.get(toggle.requires)}"
    return ""


def _shown(value: Any) -> str:
    if value is True:
        return "on"
    if value is False:
        return "off"
    return "unset" if value is None else str(value)


run_effort = toggle_command(EFFORT)
run_fast = toggle_command(FAST)
run_proactive = toggle_command(PROACTIVE)
run_output_style = toggle_command(OUTPUT_STYLE)
ARGS_EFFORT = EFFORT.args()
ARGS_FAST = FAST.args()
ARGS_PROACTIVE = PROACTIVE.args()
ARGS_OUTPUT_STYLE = OUTPUT_STYLE.args()
