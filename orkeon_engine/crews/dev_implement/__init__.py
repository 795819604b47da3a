"""dev-implement: one batch of a plan, cycle by cycle, RED then GREEN, each checked by code."""
