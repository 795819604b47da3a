"""A session and what it keeps: its records and the conversation buffer (history), compaction's pure part,
checkpoints of a turn's file changes, the todo list, typed memory, the crews it launched (/tasks), the
working files restored after a compaction, /run's entry and /export's document. Settings belong in
settings/, the team's shared memory in shared_memory/."""
