import { MigrationInterface, QueryRunner } from 'typeorm';

/** Processed image renditions of photos and drawings, and the pending list's index. */
export class MemoryMedia1763720000000 implements MigrationInterface {
  name = 'MemoryMedia1763720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "memories" ADD "media" jsonb`);
    await q.query(
      `CREATE INDEX "memories_pending" ON "memories" ("eventId", "createdAt") WHERE NOT "approved" AND NOT "flagged"`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."memories_pending"`);
    await q.query(`ALTER TABLE "memories" DROP COLUMN "media"`);
  }
}
