"""The question family's facts: found in the code and answered from it, so a changed project changes its
answers; an answer is never in its question, and a constant's value is one module away from where it is used."""

from __future__ import annotations

import re

from devtools.eval.facts import facts
from devtools.eval.projects import Project, all_projects, load


def _with(project: Project, path: str, old: str, new: str) -> Project:
    assert old in project.files[path]
    return Project(project.name, project.language, {**project.files, path: project.files[path].replace(old, new)},
                   project.test_command)


def _answers(project: Project) -> dict[tuple[str, str], str]:
    return {(fact.kind, fact.question): fact.answer for fact in facts(project)}


def test_the_projects_give_at_least_twenty_facts_of_the_three_kinds() -> None:
    found = [fact for project in all_projects() for fact in facts(project)]

    assert (len(found) >= 20, {fact.kind for fact in found}) == (True, {"constant", "environment", "call chain"})


def test_a_changed_constant_changes_the_answer() -> None:
    project = load("notifier")
    changed = _with(project, "notifier/config.py", "SMS_LIMIT = 160", "SMS_LIMIT = 140")

    before, after = _answers(project), _answers(changed)

    assert {key: (before[key], after[key]) for key in before if before[key] != after[key]} == {
        next(key for key in before if "SMS_LIMIT" in key[1]): ("160", "140")}


def test_an_environment_default_is_read_through_the_constant_it_names() -> None:
    changed = _with(load("inventory"), "inventory/settings.py", "DEFAULT_PORT = 8731", "DEFAULT_PORT = 9100")

    answers = {question: answer for (kind, question), answer in _answers(changed).items() if kind == "environment"}

    assert next(answer for question, answer in answers.items() if "INVENTORY_PORT" in question) == "9100"


def test_a_call_chain_follows_the_calls() -> None:
    changed = _with(load("notifier"), "notifier/channels.py", "config.sender()", "config.channel()")

    chains = [answer for (kind, _), answer in _answers(changed).items() if kind == "call chain"]

    assert "sender" not in chains


def test_no_answer_is_in_its_question() -> None:
    for project in all_projects():
        for fact in facts(project):
            assert fact.answer.lower() not in fact.question.lower()


def test_a_constants_value_is_not_in_the_file_the_question_points_at() -> None:
    for project in all_projects():
        for fact in facts(project):
            if fact.kind == "constant":
                text = project.files[fact.named_files[0]]
                assert not re.search(rf"(?<![\w.]){re.escape(fact.answer)}(?!\w)", text), fact.question
