"""The permission system's pure part: modes and their policies, the rule syntax, the shipped rule sets."""
