-- Position history for the analysts' tools (docs/decisions.md "Position samples"): every
-- RESPONDER_SAMPLE_MINUTES a durable job copies the available responders' fresh positions, with the
-- slot's time, its Europe/Paris hour and whether it falls on a weekend; kept RESPONDER_SAMPLE_WEEKS.
-- A position report writes nothing here.
CREATE TABLE responder_position_samples (
  sampled_at timestamptz NOT NULL,
  responder_id integer NOT NULL REFERENCES responders(id) ON DELETE CASCADE,
  lat double precision NOT NULL,
  lon double precision NOT NULL,
  carries_aed boolean NOT NULL DEFAULT false,
  weekend boolean NOT NULL,
  local_hour smallint NOT NULL,
  PRIMARY KEY (sampled_at, responder_id)
);--> statement-breakpoint
-- The coverage map reads one hour band (day type and hour) at a time.
CREATE INDEX responder_position_samples_band_idx ON responder_position_samples (weekend, local_hour, sampled_at);--> statement-breakpoint
-- The coverage-gap map's cache, one computation per account and hour band (docs/decisions.md "Coverage-gap map").
CREATE TABLE coverage_runs (
  account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  weekend boolean NOT NULL,
  hour smallint NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now(),
  grid jsonb NOT NULL,
  summary jsonb NOT NULL,
  PRIMARY KEY (account_id, weekend, hour)
);--> statement-breakpoint
CREATE TABLE coverage_cells (
  account_id integer NOT NULL,
  weekend boolean NOT NULL,
  hour smallint NOT NULL,
  level smallint NOT NULL,
  ix integer NOT NULL,
  iy integer NOT NULL,
  responder_seconds integer,
  aed_seconds integer,
  aed_id integer,
  alerts integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, weekend, hour, level, ix, iy),
  FOREIGN KEY (account_id, weekend, hour) REFERENCES coverage_runs (account_id, weekend, hour) ON DELETE CASCADE
);
