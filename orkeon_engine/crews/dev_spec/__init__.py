"""The dev-spec crew (/dev-spec <code> <what the feature is for>): one extract drafts the spec in business
words, code checks its words (sending it back once) and writes spec.md; the questions and the review follow
(services/dev_work.py)."""
