"""The project's own checks in a turn: its zones and test tooling, the command line of each check, what
/verify hands the assistant, which checks a turn runs and how the outcome reads, the part of a failure a
model needs, and the candidate changes tried against the checks. A review's rules belong in review/."""
