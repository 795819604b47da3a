"""The dev-verify crew (/dev-batches <code> F<n> --audit, and each batch's close): the gate and the capture
by code, one read-only dev-auditor child, the verdict written by code (services/dev_audit.py runs it)."""
