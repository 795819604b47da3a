"""dev-batches: the driver that runs a plan batch after batch: review, launch, audit, close."""
