"""The model and the calls to it, as plain data: the conversation (chat: messages, the tool calls the model
asks for, a call's options), the tool loop's budget, stops and result (act), usage and prices, structured
output, what a model server says of the model it serves, the local model Orkeon sets up and whether a
model is served locally, the wait for a server's first byte, the providers and their key variables, the
usage ledger's records, and a prompt rendered for review. How a reply's text is read belongs in
model_replies/; what goes into a turn's context belongs in context/."""
