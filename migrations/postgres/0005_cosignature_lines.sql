-- Witnesses' cosignatures keyed by their line as well (design.md §2,
-- "Witnesses"): a row a witness did not sign, stored ahead of its real
-- cosignature for the same size, no longer keeps the real one out. The
-- service serves only lines that verify with the policy's keys.
ALTER TABLE cosignatures DROP CONSTRAINT cosignatures_pkey;
ALTER TABLE cosignatures ADD PRIMARY KEY (tree_size, witness, line);
-- The origin of the log whose checkpoint it cosigns (NULL: stored before
-- this migration).
ALTER TABLE cosignatures ADD COLUMN origin TEXT COLLATE "C";
