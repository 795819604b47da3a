"""The checks the tool loop puts each model reply to before taking it: each one a small object that says what
it looks for, the note it sends the model when the reply is not yet the answer, and how many times a turn may
send it (`check.ReplyCheck`); `catalogue.REPLY_CHECKS` lists them in the order the loop runs them
(services/act.py). Adding or removing a check is its own module here and its line in that list; what a check
looks for, when it is more than a line, is read by a module of domain/model_replies/ beside this package."""
