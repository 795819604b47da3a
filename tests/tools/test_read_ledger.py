from orkeon_engine.tools.read_ledger import ReadLedger, ReadRecord


def test_a_cut_read_is_remembered_until_the_next_read_of_that_path():
    ledger = ReadLedger()
    ledger.record_read(ReadRecord("/workspace/a", 1, 10, 50, cut=True))

    first = ledger.cut_read("/workspace/a")
    ledger.record_read(ReadRecord("/workspace/a", 1, 50, 50, cut=False))

    assert first is not None and first.last_line == 10
    assert ledger.cut_read("/workspace/a") is None


def test_writing_a_file_whole_clears_its_cut_read():
    ledger = ReadLedger()
    ledger.record_read(ReadRecord("/workspace/a", 1, 10, 50, cut=True))

    ledger.record_write("/workspace/a", 3)

    assert ledger.cut_read("/workspace/a") is None
    assert ledger.last_read("/workspace/a") == ReadRecord("/workspace/a", 1, 3, 3, cut=False)


def test_paths_never_read_have_no_record():
    assert ReadLedger().last_read("/workspace/b") is None
