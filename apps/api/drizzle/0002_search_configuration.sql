-- unaccent() is only STABLE (its dictionary could change); this wrapper pins the dictionary so that generated
-- columns and indexes may use it.
CREATE OR REPLACE FUNCTION hls_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- Accent-insensitive full-text search: "etudiant" and "étudiant" give the same lexemes.
CREATE TEXT SEARCH CONFIGURATION fr_unaccent (COPY = pg_catalog.french);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION fr_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.french_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION en_unaccent (COPY = pg_catalog.english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION en_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.english_stem;
