import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Guests' hearts (issue #27): one row per device and memory (its key makes a second heart a no-op), and the
 * count kept on the memory, so the wall reads it without counting.
 */
export class MemoryHearts1763980000000 implements MigrationInterface {
  name = 'MemoryHearts1763980000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "memories" ADD "hearts" integer NOT NULL DEFAULT 0`);
    await q.query(`CREATE TABLE "memory_hearts" (
      "memoryId" uuid NOT NULL REFERENCES "memories" ("id") ON DELETE CASCADE,
      "deviceId" uuid NOT NULL,
      "createdAt" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "memory_hearts_once_per_device" PRIMARY KEY ("memoryId", "deviceId"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "memory_hearts"`);
    await q.query(`ALTER TABLE "memories" DROP COLUMN "hearts"`);
  }
}
