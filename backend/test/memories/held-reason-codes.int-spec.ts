import { HeldReason, ProcessingState } from '@memory-wall/contracts';
import { Memory } from '@memory-wall/core';
import { HeldReasonCodes1763750000000 } from '../../../libs/core/src/database/migrations/1763750000000-held-reason-codes';
import { createEvent } from '@memory-wall/testkit/factories';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

/** The migration from the English sentences once stored as held reasons to their codes, and back. */
describe('held reasons stored as codes (migration)', () => {
  let t: TestEnvironment;

  beforeAll(async () => {
    t = await createTestEnvironment();
  });
  afterAll(() => t?.cleanup());

  const stored = [
    [{ reason: 'Waiting for a host to approve' }, { reason: HeldReason.ManualReview }],
    [
      { reason: 'Flagged by AI moderation', categories: ['violence'] },
      { reason: HeldReason.AiFlagged, categories: ['violence'] },
    ],
    [{ reason: 'AI moderation unavailable: held for a human' }, { reason: HeldReason.AiUnavailable }],
    [{ reason: 'The image could not be processed' }, { reason: HeldReason.ImageUnreadable }],
    [
      { reason: 'Processing failed: connect ECONNREFUSED 127.0.0.1:9000' },
      { reason: HeldReason.ProcessingFailed, detail: 'connect ECONNREFUSED 127.0.0.1:9000' },
    ],
    [null, null],
  ] as const;

  it('turns every stored sentence into its code, and the down migration turns them back', async () => {
    const event = await createEvent(t.dataSource);
    const repo = t.dataSource.getRepository(Memory);
    const rows = await Promise.all(
      stored.map(([sentence]) =>
        repo.save({
          eventId: event.id,
          type: 'message',
          content: 'Hi',
          author: 'Ann',
          language: 'en',
          processingState: ProcessingState.Ready,
          moderation: sentence as never,
        }),
      ),
    );
    const moderationOf = async () =>
      (await repo.findBy(rows.map(({ id }) => ({ id }))))
        .sort((a, b) => rows.findIndex((r) => r.id === a.id) - rows.findIndex((r) => r.id === b.id))
        .map((m) => m.moderation);
    const migration = new HeldReasonCodes1763750000000();
    const runner = t.dataSource.createQueryRunner();
    try {
      await migration.up(runner);
      expect(await moderationOf()).toEqual(stored.map(([, code]) => code));
      await migration.down(runner);
      expect(await moderationOf()).toEqual(stored.map(([sentence]) => sentence));
    } finally {
      await runner.release();
    }
  });
});
