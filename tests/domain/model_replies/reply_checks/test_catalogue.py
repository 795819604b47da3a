"""The list of reply checks: each check once, in the order the loop has always asked them, each once a turn."""

from orkeon_engine.domain.model_replies.reply_checks.catalogue import REPLY_CHECKS


def test_the_checks_run_calls_mid_reply_first_then_the_echoes_then_the_empty_reply():
    names = [check.name for check in REPLY_CHECKS]

    assert names == ["unrun_calls", "repeated_reads", "echoed_result", "echoed_prompt", "empty_reply"]


def test_every_check_sends_its_note_once_a_turn():
    assert {check.limit for check in REPLY_CHECKS} == {1}
