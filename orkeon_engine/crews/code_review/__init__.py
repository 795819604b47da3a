"""The code-review crew: each lens reads the numbered diff and proposes findings; code decides what stands."""
