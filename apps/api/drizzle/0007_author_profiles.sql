-- The accounts module's public face for other modules' SQL: the name shown for an author (display name, else
-- first and last name) and the biography. The catalogue reads it instead of the users table.
CREATE VIEW author_profiles AS
  SELECT id, coalesce(nullif(btrim(display_name), ''), btrim(first_name || ' ' || last_name)) AS name, bio
  FROM users;
--> statement-breakpoint
-- The products' copy of the author's name follows the view: the rule is written once.
CREATE OR REPLACE FUNCTION hls_products_author_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products
     SET author_name = (SELECT name FROM author_profiles WHERE id = NEW.id),
         updated_at = now()
   WHERE author_id = NEW.id;
  RETURN NULL;
END $$;
