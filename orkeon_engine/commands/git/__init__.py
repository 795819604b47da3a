"""The git group: the commit crew's command, the diff and the branches of the workspace's repository."""
