import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Retention (issue #25): when an event was completed, when its hosts were warned that its media go, and a
 * provider's own retention (null: the configured default). Events completed before this migration count
 * from their last change, the nearest record of their completion.
 */
export class Retention1763960000000 implements MigrationInterface {
  name = 'Retention1763960000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "events" ADD "completedAt" TIMESTAMP WITH TIME ZONE`);
    await q.query(`ALTER TABLE "events" ADD "retentionWarnedAt" TIMESTAMP WITH TIME ZONE`);
    await q.query(`UPDATE "events" SET "completedAt" = "updatedAt" WHERE "status" IN ('completed', 'expired')`);
    await q.query(`ALTER TABLE "service_providers" ADD "retentionDays" integer`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "service_providers" DROP COLUMN "retentionDays"`);
    await q.query(`ALTER TABLE "events" DROP COLUMN "retentionWarnedAt"`);
    await q.query(`ALTER TABLE "events" DROP COLUMN "completedAt"`);
  }
}
