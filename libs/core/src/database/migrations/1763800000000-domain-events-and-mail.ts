import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The domain events' outbox (with the NOTIFY that wakes the relay at commit) and the handlers' record of
 * what they did; password resets (token hashes only); the local mail outbox; a user's language for mail.
 */
export class DomainEventsAndMail1763800000000 implements MigrationInterface {
  name = 'DomainEventsAndMail1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "domain_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" character varying(64) NOT NULL, "payload" jsonb NOT NULL, "occurredAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "publishedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "domain_events_pkey" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "domain_events_unpublished" ON "domain_events" ("occurredAt") WHERE "publishedAt" IS NULL`,
    );
    // Delivered at commit only, and once per transaction (PostgreSQL folds equal notifications). Not for the
    // memories' events: NOTIFY serialises the commits of the transactions that send it, which the guests'
    // group-committed submissions must not pay for; the relay's poll takes those (nothing waits on them).
    await q.query(
      `CREATE FUNCTION "domain_events_notify"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('domain_events', ''); RETURN NULL; END $$`,
    );
    await q.query(
      `CREATE TRIGGER "domain_events_notify" AFTER INSERT ON "domain_events" FOR EACH ROW WHEN (NEW."name" NOT LIKE 'memory.%') EXECUTE FUNCTION "domain_events_notify"()`,
    );
    await q.query(
      `CREATE TABLE "domain_event_handlings" ("eventId" uuid NOT NULL, "handler" character varying(64) NOT NULL, "handledAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "domain_event_handlings_pkey" PRIMARY KEY ("eventId", "handler"))`,
    );
    await q.query(
      `CREATE TABLE "password_resets" ("id" uuid NOT NULL, "userId" uuid NOT NULL, "tokenHash" character varying(64) NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "usedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "password_resets_pkey" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "password_resets_token_hash" ON "password_resets" ("tokenHash") `);
    await q.query(
      `CREATE TABLE "mail_outbox" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "jobId" character varying(200) NOT NULL, "to" character varying(254) NOT NULL, "subject" character varying(500) NOT NULL, "text" text NOT NULL, "html" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "mail_outbox_pkey" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "mail_outbox_job_once" ON "mail_outbox" ("jobId") `);
    await q.query(`CREATE INDEX "mail_outbox_created" ON "mail_outbox" ("createdAt") `);
    await q.query(`ALTER TABLE "users" ADD "language" character varying(8)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" DROP COLUMN "language"`);
    await q.query(`DROP TABLE "mail_outbox"`);
    await q.query(`DROP TABLE "password_resets"`);
    await q.query(`DROP TABLE "domain_event_handlings"`);
    await q.query(`DROP TRIGGER "domain_events_notify" ON "domain_events"`);
    await q.query(`DROP FUNCTION "domain_events_notify"()`);
    await q.query(`DROP TABLE "domain_events"`);
  }
}
