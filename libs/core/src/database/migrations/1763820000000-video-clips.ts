import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Video clips (issue #26): a memory type of its own, and each event's say in taking them. Existing events
 * keep what they took before (no clips) until their hosts turn them on; new events choose at creation.
 */
export class VideoClips1763820000000 implements MigrationInterface {
  name = 'VideoClips1763820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TYPE "public"."memory_type" ADD VALUE IF NOT EXISTS 'video'`);
    await q.query(`ALTER TABLE "events" ADD "allowVideo" boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE "events" ADD "maxVideoSeconds" integer NOT NULL DEFAULT '60'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "events" DROP COLUMN "maxVideoSeconds"`);
    await q.query(`ALTER TABLE "events" DROP COLUMN "allowVideo"`);
    // PostgreSQL cannot drop one value of an enum: the type is rebuilt without it, clips deleted first.
    await q.query(`DELETE FROM "memories" WHERE "type" = 'video'`);
    await q.query(`ALTER TYPE "public"."memory_type" RENAME TO "memory_type_old"`);
    await q.query(`CREATE TYPE "public"."memory_type" AS ENUM('message', 'photo', 'drawing')`);
    await q.query(`ALTER TABLE "memories" ALTER COLUMN "type" DROP DEFAULT`);
    await q.query(
      `ALTER TABLE "memories" ALTER COLUMN "type" TYPE "public"."memory_type" USING "type"::text::"public"."memory_type"`,
    );
    await q.query(`ALTER TABLE "memories" ALTER COLUMN "type" SET DEFAULT 'message'`);
    await q.query(`DROP TYPE "public"."memory_type_old"`);
  }
}
