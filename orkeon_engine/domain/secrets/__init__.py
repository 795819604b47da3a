"""What must never reach a model, a log or a shell's environment: the masking of key-like values, the paths
that usually hold secrets, and the environment the model's commands receive. Who may run what belongs in
permissions/."""
