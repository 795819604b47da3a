"""The folder Orkeon works in and the paths in it: the workspace record and how a path reads for the
person, the virtual paths the model writes, gitignore-style glob patterns, the digests things are named by,
and the project files the crews read by name. What a project's tooling states belongs in checks/."""
