"""The shared memory's pure part: the entry files and their front matter, the candidates /memory admit
proposes (proposals and verdict rows), the refused list, the ranking of recalled entries and the figures
that measure recall."""
