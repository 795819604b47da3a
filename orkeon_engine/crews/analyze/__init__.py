"""The analyze crew (/analyze): the index, the package map, the dependency graph and the largest packages
harvested by code, then a synthesis by the model that answers from that harvest alone."""
