-- The PostgreSQL schema: the same guarantees as migrations/sqlite, enforced by
-- the database whoever writes to it (docs/design.md §4).
--
-- Text columns that are compared or ordered use the "C" collation, so that
-- they compare byte by byte as SQLite's BINARY does (RFC 3339 timestamps,
-- ids), whatever the database's locale. `content` is bytea: a record's
-- content may hold U+0000, which a PostgreSQL text value cannot.
--
-- Every writer takes the advisory lock of store/postgres before it reads a
-- head or the log's size, so replicas never race; the constraints and
-- triggers below refuse a fork, a gap or a rewrite even from a writer that
-- does not.

CREATE TABLE thoughts (
    log_index    BIGINT PRIMARY KEY CHECK (log_index >= 0),
    id           TEXT COLLATE "C" NOT NULL UNIQUE,
    task_id      TEXT COLLATE "C" NOT NULL,
    seq          BIGINT NOT NULL CHECK (seq >= 0),
    type         TEXT COLLATE "C" NOT NULL CHECK (type IN ('plan', 'analysis', 'decision', 'reflection')),
    agent_id     TEXT COLLATE "C" NOT NULL,
    content      BYTEA NOT NULL,
    -- RFC 8785 canonical JSON exactly as hashed, or NULL.
    metadata     TEXT COLLATE "C",
    capabilities TEXT COLLATE "C",
    session_id   TEXT COLLATE "C",
    parent_id    TEXT COLLATE "C",
    timestamp    TEXT COLLATE "C" NOT NULL,
    prev_hash    TEXT COLLATE "C" NOT NULL CHECK (length(prev_hash) = 64),
    hash         TEXT COLLATE "C" NOT NULL UNIQUE CHECK (length(hash) = 64),
    UNIQUE (task_id, seq),
    -- One successor per record. prev_hash first: an index led by task_id
    -- would tempt the planner to scan a whole chain for a (task_id, seq)
    -- lookup when its statistics are young.
    UNIQUE (prev_hash, task_id),
    -- Only the first record of a chain links to the zero hash.
    CHECK ((seq = 0) = (prev_hash = '0000000000000000000000000000000000000000000000000000000000000000'))
);

CREATE INDEX thoughts_by_runtime_hash
    ON thoughts (((capabilities::jsonb) ->> 'runtime_hash'), log_index)
    WHERE capabilities IS NOT NULL;
CREATE INDEX thoughts_by_static_hash
    ON thoughts (((capabilities::jsonb) ->> 'static_hash'), log_index)
    WHERE capabilities IS NOT NULL;
CREATE INDEX thoughts_by_session
    ON thoughts (session_id, log_index)
    WHERE session_id IS NOT NULL;

-- Rows of one INSERT are checked in order, and a row-level BEFORE trigger
-- sees the rows its statement inserted before it, so a batch of one task's
-- records links record by record. One trigger checks the three rules (one
-- function call per row instead of three). Each lookup is by one whole
-- unique key, and the rest is compared here (a lookup that also named other
-- columns could be planned on another index, scanning a task's whole chain
-- for every append). With whole keys a generic plan
-- is always right, and forcing it spares planning each row.
CREATE FUNCTION thoughts_check_insert() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
    previous_hash TEXT;
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
CREATE TRIGGER thoughts_link_dense_parent BEFORE INSERT ON thoughts
    FOR EACH ROW EXECUTE FUNCTION thoughts_check_insert();

-- One function refuses every rewrite: UPDATE, DELETE and TRUNCATE (which
-- skips row triggers) of the tables that are evidence.
CREATE FUNCTION refuse_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'integrity_constraint_violation';
END $$;

CREATE TRIGGER thoughts_no_update BEFORE UPDATE ON thoughts
    FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER thoughts_no_delete BEFORE DELETE ON thoughts
    FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER thoughts_no_truncate BEFORE TRUNCATE ON thoughts
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewrite();

-- One row per task: its chain head, kept by the trigger below in the
-- append's transaction.
CREATE TABLE tasks (
    task_no         BIGSERIAL PRIMARY KEY,
    task_id         TEXT COLLATE "C" NOT NULL UNIQUE,
    length          BIGINT NOT NULL,
    head_hash       TEXT COLLATE "C" NOT NULL,
    first_timestamp TEXT COLLATE "C" NOT NULL,
    last_timestamp  TEXT COLLATE "C" NOT NULL
);

-- Once per INSERT statement, one upsert per task it touched (the statement's
-- rows as a transition table): a row per record would update one task's row
-- once per record of the batch, and each update lengthens the chain of row
-- versions the next one walks. New tasks are numbered in the order of their
-- first record.
CREATE FUNCTION thoughts_move_heads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO tasks (task_id, length, head_hash, first_timestamp, last_timestamp)
    SELECT task_id,
           max(seq) + 1,
           (array_agg(hash ORDER BY seq DESC))[1],
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
CREATE TRIGGER thoughts_advance_task_head AFTER INSERT ON thoughts
    REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION thoughts_move_heads();

-- The log (design.md §2): every complete subtree's hash at its stored-hash
-- index, and every checkpoint the log signed (one root per size).
CREATE TABLE log_hashes (
    idx  BIGINT PRIMARY KEY CHECK (idx >= 0),
    hash BYTEA NOT NULL CHECK (octet_length(hash) = 32)
);

CREATE TABLE checkpoints (
    tree_size BIGINT PRIMARY KEY CHECK (tree_size >= 0),
    root      BYTEA NOT NULL CHECK (octet_length(root) = 32),
    note      TEXT NOT NULL
);

CREATE TRIGGER log_hashes_no_update BEFORE UPDATE ON log_hashes
    FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER log_hashes_no_delete BEFORE DELETE ON log_hashes
    FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER log_hashes_no_truncate BEFORE TRUNCATE ON log_hashes
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER checkpoints_no_update BEFORE UPDATE ON checkpoints
    FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER checkpoints_no_delete BEFORE DELETE ON checkpoints
    FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER checkpoints_no_truncate BEFORE TRUNCATE ON checkpoints
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewrite();

-- Idempotent retries: the key, the request's fingerprint and the record it
-- created, committed with the record; purged once expired (Unix ms).
CREATE TABLE idempotency (
    scope       TEXT COLLATE "C" NOT NULL,
    key         TEXT COLLATE "C" NOT NULL,
    fingerprint TEXT NOT NULL,
    record_id   TEXT COLLATE "C" NOT NULL REFERENCES thoughts (id),
    expires_at  BIGINT NOT NULL,
    PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_expiry ON idempotency (expires_at);

-- The capability registry, content-addressed (docs/design.md §9).
CREATE TABLE capability_snapshots (
    hash      TEXT COLLATE "C" NOT NULL PRIMARY KEY CHECK (length(hash) = 64),
    kind      TEXT NOT NULL,
    canonical TEXT NOT NULL,
    trace     TEXT NOT NULL,
    stored_at TEXT NOT NULL
);
CREATE TRIGGER capability_snapshots_no_update BEFORE UPDATE ON capability_snapshots
    FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER capability_snapshots_no_delete BEFORE DELETE ON capability_snapshots
    FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER capability_snapshots_no_truncate BEFORE TRUNCATE ON capability_snapshots
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewrite();

-- Full-text search (docs/design.md §7): each record's words as
-- domain::search::words reads them, content weighted A and metadata B,
-- written by the writer in the append's transaction. Not evidence: hits are
-- read back from thoughts.
CREATE TABLE thoughts_search (
    log_index BIGINT PRIMARY KEY REFERENCES thoughts (log_index),
    doc       TSVECTOR NOT NULL
);
CREATE INDEX thoughts_search_doc ON thoughts_search USING gin (doc);
