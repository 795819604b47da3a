"""The dev-learn crew (/dev-learn): the untreated rows of the verdicts sorted into motifs, one extract an
axis with no tool, checked and written by code to PROPOSALS.md; the rows kept marked treated."""
