-- Extensions first: the products table indexes ll_to_earth (earthdistance over cube) and name (pg_trgm).
-- All three ship with PGlite (loaded as contrib modules) and with PostgreSQL contrib.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
