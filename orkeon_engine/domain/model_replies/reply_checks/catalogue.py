"""The reply checks the tool loop runs, in order (services/act.py): the first that has a note for a reply
sends it, while it has notes left this turn (check.py). Adding a check is its module beside this one and its
line here; removing one, the reverse.

The order is part of what the model is told: the calls written mid-reply come first (a reply that wrote one
is never an echo or empty), and the repeated reads answer once the nothing-ran note is spent; a reply that
still wrote calls mid-text after both is taken as insisted, and the rest look at it as taken. A result
echoed comes before the prompt echoed, and an empty reply last."""

from __future__ import annotations

from orkeon_engine.domain.model_replies.reply_checks.check import ReplyCheck
from orkeon_engine.domain.model_replies.reply_checks.echoed_prompt import EchoedPromptCheck
from orkeon_engine.domain.model_replies.reply_checks.echoed_result import EchoedResultCheck
from orkeon_engine.domain.model_replies.reply_checks.empty_reply import EmptyReplyCheck
from orkeon_engine.domain.model_replies.reply_checks.repeated_reads import RepeatedReadsCheck
from orkeon_engine.domain.model_replies.reply_checks.unrun_calls import UnrunCallsCheck

REPLY_CHECKS: tuple[ReplyCheck, ...] = (
    UnrunCallsCheck(),
    RepeatedReadsCheck(),
    EchoedResultCheck(),
    EchoedPromptCheck(),
    EmptyReplyCheck(),
)
