-- A record's hash and prev_hash are stored as their 32 bytes instead of 64
-- hex characters, as on SQLite since its migration 0011 (docs/design.md §4):
-- UNIQUE (hash) and UNIQUE (prev_hash, task_id), random-key indexes that
-- every append writes a leaf of, are about 0.6 of the size, so more of them
-- stays cached and an append dirties fewer of their pages. The API, the hash
-- rule and the log's leaves still use the hex text; tasks keep their head as
-- text (read by every task listing, not indexed).
--
-- ALTER COLUMN ... TYPE rewrites the table and rebuilds its indexes (the two
-- unique keys included) in this migration's transaction; it fires no row
-- trigger, so the append-only triggers do not refuse it. A stored hash that
-- is not hex makes decode() fail and the migration with it: such a database
-- is refused here, as `fsck` would report it.

-- The rewrite of a large table takes longer than the service's statement
-- timeout (30 s by default), which would cancel it at every start: none for
-- this migration's transaction.
SET LOCAL statement_timeout = 0;

-- The checks of the text columns would not hold (length() of bytea counts
-- bytes); they are made again on the bytes below.
ALTER TABLE thoughts
    DROP CONSTRAINT thoughts_check,
    DROP CONSTRAINT thoughts_hash_check,
    DROP CONSTRAINT thoughts_prev_hash_check;

ALTER TABLE thoughts
    ALTER COLUMN prev_hash TYPE BYTEA USING decode(prev_hash, 'hex'),
    ALTER COLUMN hash TYPE BYTEA USING decode(hash, 'hex'),
    ADD CONSTRAINT thoughts_prev_hash_check CHECK (octet_length(prev_hash) = 32),
    ADD CONSTRAINT thoughts_hash_check CHECK (octet_length(hash) = 32),
    -- Only the first record of a chain links to the zero hash.
    ADD CONSTRAINT thoughts_check
        CHECK ((seq = 0) = (prev_hash = decode(repeat('00', 32), 'hex')));

-- As in 0001, with both sides of the link in bytes.
CREATE OR REPLACE FUNCTION thoughts_check_insert() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
    previous_hash BYTEA;
    parent_task   TEXT;
    parent_seq    BIGINT;
BEGIN
    IF NEW.seq > 0 THEN
        SELECT hash INTO previous_hash FROM thoughts
        WHERE task_id = NEW.task_id AND seq = NEW.seq - 1;
        IF previous_hash IS DISTINCT FROM NEW.prev_hash THEN
            RAISE EXCEPTION 'chain: prev_hash must be the hash of the record at seq - 1'
                USING ERRCODE = 'integrity_constraint_violation';
        END IF;
    END IF;
    IF NEW.log_index > 0 AND NOT EXISTS (SELECT 1 FROM thoughts WHERE log_index = NEW.log_index - 1) THEN
        RAISE EXCEPTION 'log: log_index must follow the last leaf'
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    IF NEW.parent_id IS NOT NULL THEN
        SELECT task_id, seq INTO parent_task, parent_seq FROM thoughts WHERE id = NEW.parent_id;
        IF parent_task IS DISTINCT FROM NEW.task_id OR parent_seq >= NEW.seq THEN
            RAISE EXCEPTION 'tree: parent_id must be an earlier record of the same task'
                USING ERRCODE = 'integrity_constraint_violation';
        END IF;
    END IF;
    RETURN NEW;
END $$;

-- As in 0001, the head written as hex text: a bytea assigned to a text
-- column would be cast to its `\x` form, not refused.
CREATE OR REPLACE FUNCTION thoughts_move_heads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO tasks (task_id, length, head_hash, first_timestamp, last_timestamp)
    SELECT task_id,
           max(seq) + 1,
           encode((array_agg(hash ORDER BY seq DESC))[1], 'hex'),
           (array_agg(timestamp ORDER BY seq))[1],
           (array_agg(timestamp ORDER BY seq DESC))[1]
    FROM inserted
    GROUP BY task_id
    ORDER BY min(log_index)
    ON CONFLICT (task_id) DO UPDATE SET
        length = excluded.length,
        head_hash = excluded.head_hash,
        last_timestamp = excluded.last_timestamp;
    RETURN NULL;
END $$;
