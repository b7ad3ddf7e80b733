import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The client's id of a submission and a digest of what it carried: a retried submission (its answer was
 * lost on the way back) is stored once per event, and a reused id with other content is told apart.
 * NULLs are distinct, so submissions without an id never collide.
 */
export class MemorySubmissionId1763741000000 implements MigrationInterface {
  name = 'MemorySubmissionId1763741000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "memories" ADD "submissionId" uuid`);
    await q.query(`ALTER TABLE "memories" ADD "submissionDigest" character varying(64)`);
    await q.query(
      `ALTER TABLE "memories" ADD CONSTRAINT "memories_submission_once" UNIQUE ("eventId", "submissionId")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "memories" DROP CONSTRAINT "memories_submission_once"`);
    await q.query(`ALTER TABLE "memories" DROP COLUMN "submissionDigest"`);
    await q.query(`ALTER TABLE "memories" DROP COLUMN "submissionId"`);
  }
}
