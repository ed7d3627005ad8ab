-- Issue 32 (ADR 0047, third speed pass): an hour search checks each candidate's daily window
-- (`start_ts`/`end_ts`, 'HH:mm' text) as the kernel's `dailyWindow` reads it. Written out in the
-- statement, the text-to-minutes expression appeared about ten times per candidate (PostgreSQL
-- repeats an expression wherever it is used) and took most of an hour search's 30 ms count. Stored
-- generated columns hold the same expression once per row, and PostgreSQL keeps them equal to
-- the text: no application code writes them. NULL where the kernel reads no time (empty, malformed, 25:00).
ALTER TABLE "products"
  ADD COLUMN "window_open_min" integer GENERATED ALWAYS AS (
    case when btrim("start_ts", E' \t\n\r\f\v') ~ '^[0-9]{1,2}:[0-9]{2}$' then (
      case when split_part(btrim("start_ts", E' \t\n\r\f\v'), ':', 1)::int < 24 and split_part(btrim("start_ts", E' \t\n\r\f\v'), ':', 2)::int <= 59
             then split_part(btrim("start_ts", E' \t\n\r\f\v'), ':', 1)::int * 60 + split_part(btrim("start_ts", E' \t\n\r\f\v'), ':', 2)::int
           when split_part(btrim("start_ts", E' \t\n\r\f\v'), ':', 1)::int = 24 and split_part(btrim("start_ts", E' \t\n\r\f\v'), ':', 2)::int = 0 then 1440 end
    ) end
  ) STORED,
  ADD COLUMN "window_close_min" integer GENERATED ALWAYS AS (
    case when btrim("end_ts", E' \t\n\r\f\v') ~ '^[0-9]{1,2}:[0-9]{2}$' then (
      case when split_part(btrim("end_ts", E' \t\n\r\f\v'), ':', 1)::int < 24 and split_part(btrim("end_ts", E' \t\n\r\f\v'), ':', 2)::int <= 59
             then split_part(btrim("end_ts", E' \t\n\r\f\v'), ':', 1)::int * 60 + split_part(btrim("end_ts", E' \t\n\r\f\v'), ':', 2)::int
           when split_part(btrim("end_ts", E' \t\n\r\f\v'), ':', 1)::int = 24 and split_part(btrim("end_ts", E' \t\n\r\f\v'), ':', 2)::int = 0 then 1440 end
    ) end
  ) STORED;
