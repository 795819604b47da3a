"""The model and its calls, as plain data: usage and prices, structured output, what a model server says
of the model it serves, the local model Orkeon sets up and whether a model is served locally, the wait for
a server's first byte, the providers and their key variables, the usage ledger's records, and a prompt
rendered for review. The conversation's own types live one level up (domain/chat.py); how a reply is read
belongs in model_replies/."""
