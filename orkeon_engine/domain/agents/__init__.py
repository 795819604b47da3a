"""Child agents: the charters a crew or the model starts a child with, the child's prompt, and the records of
the children started and what they left. The dev pipeline's own steps belong in dev/."""
