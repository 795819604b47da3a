"""Application services over the ports, shared by the commands and the crews."""
