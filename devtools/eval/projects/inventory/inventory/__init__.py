"""The inventory service: stock levels, reorders and the stock report."""
