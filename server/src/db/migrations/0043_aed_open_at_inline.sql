-- "Open at this moment?" is asked of every AED around a victim on each alert preview and launch,
-- and of thousands on the maps. The first version walked the day's ranges with a subquery, which
-- kept PostgreSQL from inlining the function: each row paid a SQL-function call (about 20 µs). One
-- jsonpath expression lets the planner inline it into the caller's query (about 7 µs a row). The
-- register stores times as zero-padded "HH:mm" (contract/aed.schemas.ts), so comparing them as
-- strings is comparing times; a close of "24:00" stays after every "HH:mm" of the day.
CREATE OR REPLACE FUNCTION aed_open_at(always boolean, hours jsonb, at timestamptz, tz text DEFAULT 'Europe/Paris')
  RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(always, false) OR coalesce(jsonb_path_exists(
    hours -> extract(isodow FROM at AT TIME ZONE tz)::integer::text,
    '$[*] ? (@.open <= $t && @.close > $t)',
    jsonb_build_object('t', to_char(at AT TIME ZONE tz, 'HH24:MI'))), false)
$$;
