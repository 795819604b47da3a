"""The session group: the conversation, its export and its resumption."""
