"""The crews: multi-step LLM jobs, one folder each; run.py is the use case, the rest is pure."""
