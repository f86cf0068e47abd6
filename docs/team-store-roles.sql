-- Roles of a mltco team store (docs/team-store.md). Run as the store's owner, in the store's database, after the
-- store exists (the owner opened it once, or copied a document into it with `mltco-cli store copy`). Safe to run
-- again: roles that exist are kept, grants are repeated.
--
--   mltco_reader  may read everything; mltco shows it a read-only window, and the server refuses its writes.
--   mltco_writer  may edit plans, import prices, exchange rates and bills; price observations are append-only: a writer adds a newer
--                 observation, it never changes or deletes one (only the owner can).
-- Give people login roles that are members: CREATE ROLE alice LOGIN IN ROLE mltco_writer;
DO $$ BEGIN CREATE ROLE mltco_reader NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$;
DO $$ BEGIN CREATE ROLE mltco_writer NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$;

GRANT USAGE ON SCHEMA public TO mltco_reader, mltco_writer;
GRANT SELECT ON ALL TABLES IN SCHEMA public TO mltco_reader, mltco_writer;

-- The catalog around the prices, plans and bills: a writer edits them.
GRANT INSERT, UPDATE, DELETE ON source, provider, gpu, throughput, instance_type, plan, meta, bill, bill_period,
    actual_cost, bill_charge, fx_rate TO mltco_writer;
-- Imports: a batch is recorded, then its row counts and file hash filled in.
GRANT INSERT, UPDATE ON import_batch TO mltco_writer;
-- Prices: added, never changed (an import may only point its rows at the source that names its file).
GRANT INSERT, UPDATE (source_id) ON price_point TO mltco_writer;
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO mltco_writer;
