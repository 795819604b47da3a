"""The dev pipeline's commands: /dev-spec (a spec, or a change brief), then /dev-plan (its batches)."""
