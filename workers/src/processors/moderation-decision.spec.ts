import { HeldReason, ModerationType } from '@memory-wall/contracts';
import { decideModeration } from './moderation-decision';

describe('decideModeration', () => {
  it('approves on auto_approve', () => {
    expect(decideModeration(ModerationType.AutoApprove)).toEqual({ approved: true, held: null });
  });

  it('holds for a host on manual_moderation', () => {
    expect(decideModeration(ModerationType.ManualModeration)).toEqual({
      approved: false,
      held: { reason: HeldReason.ManualReview },
    });
  });

  it("approves what the event's own hosts upload, whatever the moderation type", () => {
    for (const type of [ModerationType.ManualModeration, ModerationType.AiModeration]) {
      expect(decideModeration(type, { byHost: true }).approved).toBe(true);
    }
  });

  it('follows the AI verdict: clean approved, flagged held with its categories', () => {
    expect(decideModeration(ModerationType.AiModeration, { ai: { flagged: false, categories: [] } }).approved).toBe(
      true,
    );
    expect(decideModeration(ModerationType.AiModeration, { ai: { flagged: true, categories: ['violence'] } })).toEqual({
      approved: false,
      held: { reason: HeldReason.AiFlagged, categories: ['violence'] },
    });
  });

  it("holds a memory with one of the event's keywords for a human, whatever the moderation type", () => {
    for (const type of [ModerationType.AutoApprove, ModerationType.ManualModeration, ModerationType.AiModeration]) {
      expect(decideModeration(type, { keyword: 'rival', ai: { flagged: false, categories: [] } })).toEqual({
        approved: false,
        held: { reason: HeldReason.Keyword, word: 'rival' },
      });
    }
    expect(decideModeration(ModerationType.AutoApprove, { keyword: 'rival', byHost: true }).approved).toBe(true);
  });

  it('fails closed: no AI verdict means a human decides', () => {
    for (const ai of [undefined, 'unavailable' as const]) {
      expect(decideModeration(ModerationType.AiModeration, { ai })).toEqual({
        approved: false,
        held: { reason: HeldReason.AiUnavailable },
      });
    }
  });
});
