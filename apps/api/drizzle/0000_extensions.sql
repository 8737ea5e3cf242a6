-- Accent-insensitive and fuzzy search for the catalogue (PGlite loads them at creation; PostgreSQL needs postgresql-contrib).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
