"""An account of one owner: its entries, oldest first, and what may be done with them."""

from ledger import rules
from ledger.rules import CURRENCY, OVERDRAFT_LIMIT, STATEMENT_LINES


class Account:
    """The balance is the sum of the entries; a frozen account takes no deposit or withdrawal."""

    def __init__(self, owner, entries=None, limit=OVERDRAFT_LIMIT):
        if entries is None:
            entries = []
        self.owner = owner
        self.entries = entries
        self.limit = limit
        self.frozen = False

    def balance(self):
        """The sum of every entry."""
        amount = 0
        for index in range(len(self.entries)):
            amount += self.entries[index]
        return amount

    def deposit(self, amount):
        """Add `amount` (positive); the new balance."""
        if amount <= 0:
            raise ValueError("a deposit must be positive")
        if self.frozen:
            raise RuntimeError("the account is frozen")
        self.entries.append(amount)
        return self.balance()

    def withdraw(self, amount):
        """Take `amount` out, never below the overdraft limit; the new balance."""
        if self.frozen:
            raise RuntimeError("the account is frozen")
        after = self.balance() - amount
        if after < -self.limit:
            raise ValueError(f"{self.owner} cannot go below -{self.limit}")
        self.entries.append(-amount)
        return after

    def freeze(self):
        self.frozen = True

    def can_withdraw(self, amount):
        """Whether `withdraw(amount)` would succeed."""
        return not self.frozen and self.balance() - amount >= -self.limit

    def statement(self, last=STATEMENT_LINES):
        """The bank and the owner's name, then the last `last` entries in CURRENCY, newest first."""
        lines = [f"{rules.bank_name()}: {self.owner.strip().title()}"]
        for entry in reversed(self.entries[-last:]):
            lines.append(f"{entry:+d} {CURRENCY}")
        return lines


def transfer(source, target, amount):
    """Move `amount` from `source` to `target`; both balances after."""
    source.withdraw(amount)
    target.deposit(amount)
    return source.balance(), target.balance()


def close(source, target):
    """Move everything `source` holds to `target` and freeze `source`."""
    moved = source.balance()
    if moved > 0:
        transfer(source, target, moved)
    source.freeze()
    return moved
