import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The host's controls over an event's screens (hold, reveal mode, delay, named screens' layouts), and when
 * each memory reaches the screens (its approval plus the delay). Memories already on the wall reached
 * them when they were stored, as far as anyone can tell now.
 */
export class ScreenControls1763830000000 implements MigrationInterface {
  name = 'ScreenControls1763830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "events" ADD "screensHeldAt" TIMESTAMP WITH TIME ZONE`);
    await q.query(`ALTER TABLE "events" ADD "screensComingSoon" boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE "events" ADD "screenDelaySeconds" integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE "events" ADD "screenLayouts" jsonb NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE "memories" ADD "publicAt" TIMESTAMP WITH TIME ZONE`);
    await q.query(`UPDATE "memories" SET "publicAt" = "createdAt" WHERE "approved"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "memories" DROP COLUMN "publicAt"`);
    await q.query(`ALTER TABLE "events" DROP COLUMN "screenLayouts"`);
    await q.query(`ALTER TABLE "events" DROP COLUMN "screenDelaySeconds"`);
    await q.query(`ALTER TABLE "events" DROP COLUMN "screensComingSoon"`);
    await q.query(`ALTER TABLE "events" DROP COLUMN "screensHeldAt"`);
  }
}
