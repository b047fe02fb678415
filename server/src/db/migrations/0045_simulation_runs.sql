-- Alert-policy simulator (docs/decisions.md "Alert-policy simulator"): each run is kept with its
-- parameters and, once its durable job has replayed the period, its results, so analysts compare runs.
CREATE TABLE simulation_runs (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'queued',
  params jsonb NOT NULL,
  results jsonb,
  error text,
  finished_at timestamptz
);--> statement-breakpoint
CREATE INDEX simulation_runs_account_idx ON simulation_runs (account_id, created_at DESC);
--> statement-breakpoint
-- The simulator reads, for each past alert, the responders of one sample slot within a few
-- kilometres: the slot and a latitude band are an index range, and the rest comes from the index.
CREATE INDEX responder_position_samples_slot_lat_idx ON responder_position_samples (sampled_at, lat) INCLUDE (lon, responder_id, carries_aed);
