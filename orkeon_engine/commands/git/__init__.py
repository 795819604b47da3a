"""The git group: the commit crew's command, the diff, the branches, and the review of the changes."""
