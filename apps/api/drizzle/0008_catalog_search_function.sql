-- Custom migration (drizzle-kit generate --custom): the search vector of products
-- (0009) indexes its tags, but array_to_string is only STABLE, and a generated column may call
-- IMMUTABLE functions only. Joining text with a fixed separator does not depend on any setting,
-- so this wrapper is truly immutable.
CREATE OR REPLACE FUNCTION catalog_tags_text(tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(tags, ' '), '') $$;
