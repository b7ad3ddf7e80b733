import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The owner's All Events and transactions tables list every provider's rows newest first, a page at a
 * time: an index on createdAt lets PostgreSQL read just that page instead of sorting the whole table.
 */
export class OwnerTableOrder1763970000000 implements MigrationInterface {
  name = 'OwnerTableOrder1763970000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "events_created" ON "events" ("createdAt")`);
    await q.query(`CREATE INDEX "credit_transactions_created" ON "credit_transactions" ("createdAt")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "credit_transactions_created"`);
    await q.query(`DROP INDEX "events_created"`);
  }
}
