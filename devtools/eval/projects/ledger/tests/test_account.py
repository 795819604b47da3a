import pytest
from ledger.account import Account, close, transfer


@pytest.fixture(autouse=True)
def no_overrides(monkeypatch):
    monkeypatch.delenv("LEDGER_BANK", raising=False)


def test_a_new_account_is_empty_and_its_own():
    first = Account("ada")
    first.deposit(5)
    assert (first.balance(), Account("bob").balance(), Account("bob").entries) == (5, 0, [])


def test_deposit_and_withdraw_give_the_new_balance():
    account = Account("ada")
    assert (account.deposit(30), account.deposit(12), account.withdraw(50)) == (30, 42, -8)


def test_a_deposit_must_be_positive():
    with pytest.raises(ValueError):
        Account("ada").deposit(0)


def test_withdraw_stops_at_the_overdraft_limit():
    account = Account("ada")
    account.withdraw(100)
    with pytest.raises(ValueError):
        account.withdraw(1)


def test_another_limit():
    account = Account("ada", limit=10)
    assert (account.can_withdraw(10), account.can_withdraw(11)) == (True, False)


def test_can_withdraw():
    account = Account("ada")
    account.deposit(20)
    assert (account.can_withdraw(120), account.can_withdraw(121)) == (True, False)


def test_a_frozen_account_refuses_everything():
    account = Account("ada")
    account.deposit(20)
    account.freeze()
    with pytest.raises(RuntimeError):
        account.deposit(1)
    with pytest.raises(RuntimeError):
        account.withdraw(1)
    assert account.can_withdraw(1) is False


def test_statement_shows_the_last_three_entries_newest_first():
    account = Account("  ada lovelace ")
    for amount in (5, 6, 7, 8):
        account.deposit(amount)
    account.withdraw(4)
    assert account.statement() == ["Northwind: Ada Lovelace", "-4 EUR", "+8 EUR", "+7 EUR"]


def test_a_shorter_statement():
    account = Account("ada")
    account.deposit(5)
    account.deposit(6)
    assert account.statement(1) == ["Northwind: Ada", "+6 EUR"]


def test_the_bank_name_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("LEDGER_BANK", "Southbank")
    assert Account("ada").statement() == ["Southbank: Ada"]


def test_transfer_moves_the_amount():
    source, target = Account("ada"), Account("bob")
    source.deposit(50)
    assert transfer(source, target, 20) == (30, 20)


def test_close_moves_everything_and_freezes():
    source, target = Account("ada"), Account("bob")
    source.deposit(50)
    assert (close(source, target), target.balance(), source.balance(), source.frozen) == (50, 50, 0, True)


def test_closing_an_empty_account_moves_nothing():
    source, target = Account("ada"), Account("bob")
    assert (close(source, target), target.entries, source.frozen) == (0, [], True)
