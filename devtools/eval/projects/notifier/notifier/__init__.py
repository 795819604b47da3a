"""A service that sends notifications on a configured channel, outside quiet hours."""
