import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each memory keeps its public JSON (toPublicMemory as compact JSON text) in "publicJson", written by a
 * trigger whenever a field it carries changes, so that a wall's cold read joins stored text instead of
 * writing 50 memories' JSON per read (issue #30; bench/README.md, case 4). The text: strings through
 * to_json (JSON.stringify's escapes); createdAt as toISOString writes it (to_char's MS truncates the
 * microseconds, as node-pg's Date does); media through json_text (migration 1763990300000). Kept equal to
 * toPublicMemory by public-wall-json.int-spec.ts. A field added to PublicMemory needs a migration that
 * replaces this function and rewrites the column.
 */
export class MemoryPublicJson1764000000000 implements MigrationInterface {
  name = 'MemoryPublicJson1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "memories" ADD "publicJson" text`);
    await q.query(`CREATE FUNCTION "memory_public_json"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW."publicJson" := '{"id":"' || NEW."id" || '","eventId":"' || NEW."eventId"
          || '","type":' || to_json(NEW."type"::text) || ',"content":' || to_json(NEW."content")
          || ',"title":' || COALESCE(to_json(NEW."title")::text, 'null') || ',"author":' || to_json(NEW."author")
          || ',"photoCaption":' || COALESCE(to_json(NEW."photoCaption")::text, 'null')
          || ',"featured":' || NEW."featured" || ',"language":' || to_json(NEW."language")
          || ',"createdAt":"' || to_char(NEW."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          || '","hearts":' || NEW."hearts" || ',"media":' || COALESCE(json_text(NEW."media"), 'null') || '}';
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER "memories_public_json"
      BEFORE INSERT OR UPDATE OF "id", "eventId", "type", "content", "title", "author", "photoCaption", "featured",
        "language", "createdAt", "hearts", "media"
      ON "memories" FOR EACH ROW EXECUTE FUNCTION "memory_public_json"()`);
    await q.query(`UPDATE "memories" SET "hearts" = "hearts"`);
    await q.query(`ALTER TABLE "memories" ALTER COLUMN "publicJson" SET NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "memories_public_json" ON "memories"`);
    await q.query(`DROP FUNCTION "memory_public_json"()`);
    await q.query(`ALTER TABLE "memories" DROP COLUMN "publicJson"`);
  }
}
