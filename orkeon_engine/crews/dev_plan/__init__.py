"""The dev-plan crew (/dev-plan <code>): the inventory found by code in the code index, one extract drafts
the plan, code checks it (sending it back once) and writes plan.md and one sheet per batch; the planner's
questions and a background review follow."""
