"""The pure part of the tools the model calls: a file's lines as the tools count them, placing a snippet's
replacement, the syntax guard of the edit tools, definition_rewrite's pure half, the input schema a model
reads and the assistant's tool set, the URLs web_fetch accepts and what a shell command line means.
Whether a call may run belongs in permissions/; reading a call out of a reply belongs in model_replies/."""
