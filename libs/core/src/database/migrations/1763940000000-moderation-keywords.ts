import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each event's keyword list (issue #27): words that hold a guest's memory for a host. Empty for every event. */
export class ModerationKeywords1763940000000 implements MigrationInterface {
  name = 'ModerationKeywords1763940000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "events" ADD "moderationKeywords" jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "events" DROP COLUMN "moderationKeywords"`);
  }
}
