"""The init-verifiers crew (/init-verifiers): the test tooling of each zone of the project detected by code,
its readiness classified and a verification playbook written for every zone that has none."""
