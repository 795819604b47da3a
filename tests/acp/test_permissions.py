"""The gate's question as ACP options, and the selected option as the gate's answer again."""

from acp.schema import AllowedOutcome, DeniedOutcome, RequestPermissionResponse

from orkeon_acp.permissions import choice_options, gate_answers, gate_options, selected
from orkeon_engine.domain.permissions.question import PermissionQuestion
from tests.support.permission_calls import shell

ANSWERS = ("Allow once", "Allow for this session", "Always allow", "Deny", "Always deny")


def _question(answers=ANSWERS):
    return PermissionQuestion(shell("make deploy"), "Allow shell_command?", answers, ("shell_command(make deploy)",),
                              "/repo/.orkeon/config.json")


def _picked(option_id):
    return RequestPermissionResponse(outcome=AllowedOutcome(outcome="selected", option_id=option_id))


def test_the_four_acp_kinds_stand_for_the_gates_answers_and_the_lasting_ones_show_their_rule():
    options = gate_options(_question())

    assert [(o.option_id, o.kind) for o in options] == [
        ("allow_once", "allow_once"), ("allow_always", "allow_always"), ("reject_once", "reject_once"),
        ("reject_always", "reject_always")]
    assert options[1].name == "Always allow shell_command(make deploy) (written to /repo/.orkeon/config.json)"
    assert options[3].name.startswith("Always deny shell_command(make deploy)")


def test_the_selected_kind_is_the_gates_answer():
    question = _question()
    options = gate_options(question)

    answers = [selected(_picked(kind), options, gate_answers(question))
               for kind in ("allow_once", "allow_always", "reject_once", "reject_always")]

    assert answers == ["Allow once", "Always allow", "Deny", "Always deny"]


def test_a_cancelled_request_or_an_option_never_offered_is_no_answer():
    question = _question(("Allow once", "Deny"))
    options = gate_options(question)

    cancelled = selected(RequestPermissionResponse(outcome=DeniedOutcome(outcome="cancelled")), options,
                         gate_answers(question))
    forged = selected(_picked("allow_always"), options, gate_answers(question))

    assert (cancelled, forged) == (None, None)


def test_another_choice_offers_its_answers_with_its_refusal_as_reject_once():
    options = choice_options(["Commit", "Edit message", "Cancel"])

    assert [(o.option_id, o.name, o.kind) for o in options] == [
        ("0", "Commit", "allow_once"), ("1", "Edit message", "allow_once"), ("2", "Cancel", "reject_once")]
    assert selected(_picked("1"), options, ["Commit", "Edit message", "Cancel"]) == "Edit message"
