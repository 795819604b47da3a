"""The tools the model calls: each a pydantic input model, a class, and an implementation over the ports."""
