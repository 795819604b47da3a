import hashlib

from orkeon_engine.domain.workspace.digests import blake2b_hex, sha256_hex


def test_the_digests_are_hashlibs():
    data = b"a workspace: /home/ana/projects/shop"

    assert sha256_hex(data) == hashlib.sha256(data).hexdigest()
    assert blake2b_hex(data, 16) == hashlib.blake2b(data, digest_size=16).hexdigest()
