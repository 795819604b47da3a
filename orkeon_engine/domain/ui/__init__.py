"""What the person types and reads, whatever the front end: the one argument parser of every command, the
CommandView a command returns, the line typed at the interactive prompt and its completion, a question's
free answer, the action line each tool call shows as it runs, what the connected editor can do, and
/doctor's checks. A rule about what a command does belongs to the concern it acts on, not here."""
