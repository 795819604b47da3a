"""/doctor's checks: each one ok or failed, with what was found and, when it failed, the fix."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MIN_PYTHON = (3, 11)
SHELL_BUILTINS = frozenset({
    ".", ":", "[", "alias", "cd", "command", "echo", "eval", "exec", "exit", "export", "false", "printf", "pwd",
    "read", "set", "shift", "source", "test", "true", "type", "ulimit", "umask", "unset", "wait",
})
"""Names on shell.allow the shell runs itself: no program on the PATH is needed for them."""
RULES_FIX = ("fix or remove each rule named (docs/permissions.md has the syntax): until then the gate refuses "
             "every tool call")


@dataclass(frozen=True)
class Check:
    """One check: its name, whether it passed, what was found, and the fix when it did not pass."""

    name: str
    ok: bool
    detail: str
    fix: str = ""

    @classmethod
    def passed(cls, name: str, detail: str) -> Check:
        return cls(name, True, detail)

    @classmethod
    def failed(cls, name: str, detail: str, fix: str) -> Check:
        return cls(name, False, detail, fix)


@dataclass(frozen=True)
class GrammarStatus:
    """One tree-sitter grammar: whether it loads, and why not."""

    language: str
    loaded: bool
    detail: str = ""


def python_check(version: tuple[int, int, int], executable: str) -> Check:
    text = ".".join(str(part) for part in version)
    if version[:2] >= MIN_PYTHON:
        return Check.passed("python", f"{text} ({executable})")
    needed = ".".join(str(part) for part in MIN_PYTHON)
    return Check.failed("python", f"{text} ({executable})", f"install Python {needed} or later and reinstall orkeon")


def git_check(version: str | None) -> Check:
    if version:
        return Check.passed("git", version)
    return Check.failed("git", "git cannot be run", "install git and put it on the PATH: the git commands and "
                                                    "the review read the repository through it")


def grammars_check(grammars: Sequence[GrammarStatus]) -> Check:
    broken = [g for g in grammars if not g.loaded]
    if not grammars:
        return Check.failed("grammars", "no tree-sitter grammar is installed",
                            "reinstall orkeon with its dependencies (pip install orkeon)")
    if not broken:
        return Check.passed("grammars", ", ".join(g.language for g in grammars) + " load")
    detail = "; ".join(f"{g.language}: {g.detail}" for g in broken)
    return Check.failed("grammars", detail, "reinstall the grammar packages (pip install --force-reinstall "
                                            + " ".join(f"tree-sitter-{g.language}" for g in broken) + ")")


def rules_check(count: int, problems: Sequence[str]) -> Check:
    """Every permission rule in force parses; a problem names its file (or the session) and the rule."""
    if problems:
        return Check.failed("permission rules", "; ".join(problems), RULES_FIX)
    if not count:
        return Check.passed("permission rules", "none set: each mode's own policy decides")
    return Check.passed("permission rules", f"{count} rule{'' if count == 1 else 's'} parse")


def shell_programs_check(programs: Sequence[str], missing: Sequence[str], source: str) -> Check:
    """The programs shell.allow names are on the PATH (or are shell builtins). The default list names common
    tools a machine may not have, so only a list someone set fails for a missing program."""
    name = "shell programs"
    total = len(programs)
    if not missing:
        return Check.passed(name, f"the {total} programs of shell.allow ({source}) are installed or built in")
    absent = ", ".join(missing)
    if source == "default":
        return Check.passed(name, f"{total - len(missing)} of the {total} programs of the default shell.allow are "
                                  f"installed; not here: {absent}")
    return Check.failed(name, f"shell.allow ({source}) names {absent}, not found on the PATH",
                        "install them, or take them off shell.allow (/config set shell.allow ...): a command that "
                        "starts one fails")


def model_name_check(model: str, known: bool) -> Check:
    """The model is one litellm knows (with no api base configured, litellm's table is what routes it)."""
    if known:
        return Check.passed("model name", f"litellm knows {model}")
    return Check.failed("model name", f"litellm does not know {model}",
                        "check the spelling (`/model list` shows the models of your providers), or set model.apiBase "
                        "to the server that serves it")


def served_model_check(model: str, api_base: str, served: Sequence[str] | None, problem: str = "") -> Check:
    """The server at the api base lists the model (`served` holds its names in the `model` setting's form)."""
    name = "model served"
    if served is None:
        return Check.failed(name, f"{api_base} could not list its models: {problem}",
                            "check model.apiBase (or ORKEON_API_BASE) and that the server runs")
    if model in served:
        return Check.passed(name, f"{api_base} serves {model}")
    offered = ", ".join(served[:8]) + (", ..." if len(served) > 8 else "") if served else "none"
    return Check.failed(name, f"{api_base} does not list {model}; it serves: {offered}",
                        "set the model to one the server lists (/model list), or point model.apiBase at the server "
                        "that serves it")


def summary(checks: Sequence[Check]) -> str:
    failed = [c.name for c in checks if not c.ok]
    if not failed:
        return f"All {len(checks)} checks pass."
    return f"{len(failed)} of {len(checks)} checks failed: {', '.join(failed)}."
