"""What the model reads in a turn and how much room each part has: the context budgets derived from the
window (compaction_thresholds), an answer's length limit, the measure of a turn's context use, the files a
person pins, the material a request names and the turn's inputs read from the world. The conversation
buffer itself and its compaction belong in session/."""
