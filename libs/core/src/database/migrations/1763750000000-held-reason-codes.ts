import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Why a memory is held was stored as the English sentence moderators read, which the workers also matched
 * on: editing the copy would have stranded every held memory. It is now a code (HeldReason), its text in
 * the front end's catalogues; the error of a failed processing run moves to `detail`.
 * The sentences below are the ones stored before this migration, kept here as history.
 */
const SENTENCES: ReadonlyArray<[code: string, sentence: string]> = [
  ['manual_review', 'Waiting for a host to approve'],
  ['ai_flagged', 'Flagged by AI moderation'],
  ['ai_unavailable', 'AI moderation unavailable: held for a human'],
  ['image_unreadable', 'The image could not be processed'],
];
const PROCESSING_FAILED = { code: 'processing_failed', prefix: 'Processing failed: ' };

export class HeldReasonCodes1763750000000 implements MigrationInterface {
  name = 'HeldReasonCodes1763750000000';

  async up(q: QueryRunner): Promise<void> {
    for (const [code, sentence] of SENTENCES) {
      await q.query(
        `UPDATE "memories" SET "moderation" = jsonb_set("moderation", '{reason}', to_jsonb($1::text)) WHERE "moderation"->>'reason' = $2`,
        [code, sentence],
      );
    }
    await q.query(
      `UPDATE "memories" SET "moderation" = jsonb_set(jsonb_set("moderation", '{reason}', to_jsonb($1::text)), '{detail}', to_jsonb(substr("moderation"->>'reason', length($2) + 1)))
       WHERE starts_with("moderation"->>'reason', $2)`,
      [PROCESSING_FAILED.code, PROCESSING_FAILED.prefix],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE "memories" SET "moderation" = jsonb_set("moderation" - 'detail', '{reason}', to_jsonb($2 || coalesce("moderation"->>'detail', '')))
       WHERE "moderation"->>'reason' = $1`,
      [PROCESSING_FAILED.code, PROCESSING_FAILED.prefix],
    );
    for (const [code, sentence] of SENTENCES) {
      await q.query(
        `UPDATE "memories" SET "moderation" = jsonb_set("moderation", '{reason}', to_jsonb($2::text)) WHERE "moderation"->>'reason' = $1`,
        [code, sentence],
      );
    }
  }
}
