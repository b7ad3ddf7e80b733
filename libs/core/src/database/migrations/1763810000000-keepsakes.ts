import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keepsakes: an event's archive and memory books, one row per kind with the latest build's state (status,
 * progress, file, size, the objects storage lacked), so hosts see it live and download it.
 */
export class Keepsakes1763810000000 implements MigrationInterface {
  name = 'Keepsakes1763810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TYPE "public"."keepsake_kind" AS ENUM('zip', 'book_a4', 'book_letter')`);
    await q.query(`CREATE TYPE "public"."keepsake_status" AS ENUM('queued', 'building', 'ready', 'failed')`);
    await q.query(
      `CREATE TABLE "keepsakes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "eventId" uuid NOT NULL, "kind" "public"."keepsake_kind" NOT NULL, "status" "public"."keepsake_status" NOT NULL DEFAULT 'queued', "generation" integer NOT NULL DEFAULT '1', "progress" integer NOT NULL DEFAULT '0', "objectKey" character varying(300), "size" bigint, "missing" jsonb NOT NULL DEFAULT '[]', "error" text, "requestedAt" TIMESTAMP WITH TIME ZONE NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "keepsakes_event_kind" UNIQUE ("eventId", "kind"), CONSTRAINT "PK_e4928c646e7e194a7062ed328cb" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `ALTER TABLE "keepsakes" ADD CONSTRAINT "FK_95601da690054ee392c64f0618d" FOREIGN KEY ("eventId") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "keepsakes" DROP CONSTRAINT "FK_95601da690054ee392c64f0618d"`);
    await q.query(`DROP TABLE "keepsakes"`);
    await q.query(`DROP TYPE "public"."keepsake_status"`);
    await q.query(`DROP TYPE "public"."keepsake_kind"`);
  }
}
