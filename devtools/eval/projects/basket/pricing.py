"""Prices of a shopping basket: totals, discounts and shipping."""

FREE_SHIPPING_FROM = 50
SHIPPING_FEE = 4


def total(prices):
    """The sum of every price in the basket."""
    result = 0
    for index in range(len(prices)):
        result += prices[index]
    return result


def average(prices):
    """The mean price, or None for an empty basket."""
    if not prices:
        return None
    return total(prices) / len(prices)


def discounted(price, percent):
    """`price` less `percent` per cent."""
    return price * (100 - percent) / 100


def shipping(amount, free_from=FREE_SHIPPING_FROM):
    """The shipping fee of a basket worth `amount`: free from `free_from` on."""
    if amount >= free_from:
        return 0
    return SHIPPING_FEE


def checkout(prices, percent):
    """What the basket costs with `percent` off, shipping included."""
    amount = discounted(total(prices), percent)
    return amount + shipping(amount)


def normalize_code(code):
    """A discount code as typed, without the spaces around it and in capitals."""
    return code.strip().upper()


def most_expensive(prices, count=1):
    """The `count` highest prices, highest first."""
    ranked = sorted(prices, reverse=True)
    return ranked[:count]


def is_bargain(price, reference):
    """True when `price` is above nothing and at most half of `reference`."""
    if price <= 0:
        return False
    return price * 2 <= reference


def tags(name, extra=None):
    """The search tags of a product: any extra ones, then the words of its name in lower case."""
    if extra is None:
        extra = []
    extra.extend(word.lower() for word in name.split())
    return extra
