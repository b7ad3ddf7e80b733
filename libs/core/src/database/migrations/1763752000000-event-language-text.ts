import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event's language as text, checked by the API against the languages the app has texts for
 * (LANGUAGES in libs/contracts): a new language is then a catalogue in the front end, not a schema change.
 */
export class EventLanguageText1763752000000 implements MigrationInterface {
  name = 'EventLanguageText1763752000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "events" ALTER COLUMN "defaultLanguage" DROP DEFAULT`);
    await q.query(
      `ALTER TABLE "events" ALTER COLUMN "defaultLanguage" TYPE character varying(8) USING "defaultLanguage"::text`,
    );
    await q.query(`ALTER TABLE "events" ALTER COLUMN "defaultLanguage" SET DEFAULT 'en'`);
    await q.query(`DROP TYPE "public"."event_language"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TYPE "public"."event_language" AS ENUM('en', 'zh')`);
    await q.query(`UPDATE "events" SET "defaultLanguage" = 'en' WHERE "defaultLanguage" NOT IN ('en', 'zh')`);
    await q.query(`ALTER TABLE "events" ALTER COLUMN "defaultLanguage" DROP DEFAULT`);
    await q.query(
      `ALTER TABLE "events" ALTER COLUMN "defaultLanguage" TYPE "public"."event_language" USING "defaultLanguage"::"public"."event_language"`,
    );
    await q.query(`ALTER TABLE "events" ALTER COLUMN "defaultLanguage" SET DEFAULT 'en'`);
  }
}
