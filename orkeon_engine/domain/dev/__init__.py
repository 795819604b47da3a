"""The dev pipeline's pure part, shared by its crews: the work folder and its codes, the repository pack,
and the formats of the files code writes there (the spec, the change brief, their open questions and
decisions, the review), each with a parser and a renderer that round-trip."""
