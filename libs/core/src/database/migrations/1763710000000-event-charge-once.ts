import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An event costs one credit, once: the event records when it was charged, and the ledger refuses a
 * second event_creation row for the same event.
 */
export class EventChargeOnce1763710000000 implements MigrationInterface {
  name = 'EventChargeOnce1763710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "events" ADD "creditChargedAt" TIMESTAMP WITH TIME ZONE`);
    await q.query(
      `CREATE UNIQUE INDEX "credit_transactions_event_charged_once" ON "credit_transactions" (("metadata"->>'eventId')) WHERE "transactionType" = 'event_creation'`,
    );
    await q.query(`CREATE INDEX "events_status" ON "events" ("status")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."events_status"`);
    await q.query(`DROP INDEX "public"."credit_transactions_event_charged_once"`);
    await q.query(`ALTER TABLE "events" DROP COLUMN "creditChargedAt"`);
  }
}
