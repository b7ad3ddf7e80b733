import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cold wall reads in one statement (issue #30, TypeOrmMemoryRepository.publicWallJson):
 * - json_text: a jsonb value as compact JSON text, keys in jsonb's order, which is what node-pg's
 *   JSON.parse then JSON.stringify of the same value writes (jsonb's own text puts a space after each
 *   ':' and ','). Numbers come out as stored, which is as JavaScript wrote them.
 * - memories_wall covers the wall exactly: its predicate is the whole wall state (processed too, which the
 *   old one left to a filter over every row of a busy event), its key the wall's order with the id that
 *   breaks ties of time.
 */
export class WallReads1763990300000 implements MigrationInterface {
  name = 'WallReads1763990300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE FUNCTION "json_text"(doc jsonb) RETURNS text
      LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
      BEGIN
        CASE jsonb_typeof(doc)
          WHEN 'object' THEN
            RETURN '{' || COALESCE((SELECT string_agg(to_json(f."key")::text || ':' || "json_text"(f."value"), ',' ORDER BY f."n")
              FROM jsonb_each(doc) WITH ORDINALITY AS f("key", "value", "n")), '') || '}';
          WHEN 'array' THEN
            RETURN '[' || COALESCE((SELECT string_agg("json_text"(f."value"), ',' ORDER BY f."n")
              FROM jsonb_array_elements(doc) WITH ORDINALITY AS f("value", "n")), '') || ']';
          ELSE
            RETURN doc::text;
        END CASE;
      END $$`);
    await q.query(`DROP INDEX "memories_wall"`);
    await q.query(`CREATE INDEX "memories_wall" ON "memories" ("eventId", "createdAt", "id")
      WHERE "approved" AND NOT "flagged" AND "processingState" = 'ready'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "memories_wall"`);
    await q.query(
      `CREATE INDEX "memories_wall" ON "memories" ("eventId", "createdAt") WHERE "approved" AND NOT "flagged"`,
    );
    await q.query(`DROP FUNCTION "json_text"(jsonb)`);
  }
}
