"""A code review's pure part: findings and their anchoring on the diff, the files a review shows and their
order, the context, word changes and definition lines a lens reads, the two sides of a change, the proofs
that a change is behaviour-neutral (Python's parser, JavaScript's tokens, renames), the report, SARIF and
findings that follow the edited text. The diff itself belongs in git/; the dev pipeline's review files
belong in dev/."""
