from pricing import average, checkout, discounted, is_bargain, most_expensive, normalize_code, shipping, tags, total


def test_total_adds_every_price():
    assert total([3, 4, 5]) == 12


def test_total_of_one_price_and_of_none():
    assert (total([7]), total([])) == (7, 0)


def test_average():
    assert average([2, 4, 9]) == 5


def test_average_of_an_empty_basket_is_none():
    assert average([]) is None


def test_discounted():
    assert (discounted(200, 10), discounted(50, 0)) == (180, 50)


def test_shipping_is_charged_below_the_threshold():
    assert shipping(49) == 4


def test_shipping_is_free_from_the_threshold_on():
    assert (shipping(50), shipping(80)) == (0, 0)


def test_shipping_with_another_threshold():
    assert (shipping(30, free_from=30), shipping(29, free_from=30)) == (0, 4)


def test_checkout_takes_the_discount_then_adds_shipping():
    assert (checkout([40, 60], 10), checkout([10, 20], 50)) == (90, 19)


def test_normalize_code():
    assert normalize_code("  spring10 ") == "SPRING10"


def test_most_expensive():
    assert (most_expensive([3, 9, 2]), most_expensive([3, 9, 2], 2)) == ([9], [9, 3])


def test_is_bargain():
    assert (is_bargain(5, 10), is_bargain(6, 10), is_bargain(0, 10)) == (True, False, False)


def test_tags_start_fresh_at_each_call():
    first = tags("Red Shoe")
    second = tags("Red Shoe")
    assert (first, second, tags("Hat", ["sale"])) == (["red", "shoe"], ["red", "shoe"], ["sale", "hat"])
