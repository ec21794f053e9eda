-- Idempotent retries (issue 5): an append sent with an Idempotency-Key remembers
-- the key, the fingerprint of the request and the record it created, committed in
-- the same transaction as the record. A retry with the same key finds the record;
-- the same key with another request is refused. Rows expire (expires_at, Unix
-- milliseconds) and are purged by the writer; records are never touched.

CREATE TABLE idempotency (
    -- Who sent the key: the API key's agent, or '' when the service runs open.
    scope       TEXT    NOT NULL,
    key         TEXT    NOT NULL,
    fingerprint TEXT    NOT NULL,
    record_id   TEXT    NOT NULL REFERENCES thoughts (id),
    expires_at  INTEGER NOT NULL,
    PRIMARY KEY (scope, key)
) WITHOUT ROWID;

CREATE INDEX idempotency_expiry ON idempotency (expires_at);
