"""What git and its hosts give, as plain data: git's status paths, unified diffs parsed with their line
numbers, and pull requests. What a review makes of a diff belongs in review/."""
