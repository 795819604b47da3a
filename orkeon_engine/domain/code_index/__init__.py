"""The code index's pure part: symbols and imports, languages and ignore rules, module names, ranking,
the dependency graph, package summaries, node edits and the renderings the tools and /analyze show."""
