import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Voice messages (issue #26): a memory type of their own; every event takes them unless its hosts turn them
 * off, and its screens play them aloud only when the hosts turn that on.
 */
export class VoiceMessages1763950000000 implements MigrationInterface {
  name = 'VoiceMessages1763950000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TYPE "public"."memory_type" ADD VALUE IF NOT EXISTS 'voice'`);
    await q.query(`ALTER TABLE "events" ADD "allowVoice" boolean NOT NULL DEFAULT true`);
    await q.query(`ALTER TABLE "events" ADD "voiceOnScreens" boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "events" DROP COLUMN "voiceOnScreens"`);
    await q.query(`ALTER TABLE "events" DROP COLUMN "allowVoice"`);
    // PostgreSQL cannot drop one value of an enum: the type is rebuilt without it, voice messages deleted first.
    await q.query(`DELETE FROM "memories" WHERE "type" = 'voice'`);
    await q.query(`ALTER TYPE "public"."memory_type" RENAME TO "memory_type_old"`);
    await q.query(`CREATE TYPE "public"."memory_type" AS ENUM('message', 'photo', 'drawing', 'video')`);
    await q.query(`ALTER TABLE "memories" ALTER COLUMN "type" DROP DEFAULT`);
    await q.query(
      `ALTER TABLE "memories" ALTER COLUMN "type" TYPE "public"."memory_type" USING "type"::text::"public"."memory_type"`,
    );
    await q.query(`ALTER TABLE "memories" ALTER COLUMN "type" SET DEFAULT 'message'`);
    await q.query(`DROP TYPE "public"."memory_type_old"`);
  }
}
