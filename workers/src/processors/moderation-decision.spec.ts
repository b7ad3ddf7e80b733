import { ModerationType } from '@memory-wall/contracts';
import { decideModeration } from './moderation-decision';

describe('decideModeration', () => {
  it('approves at once for an auto-approving event', () => {
    expect(decideModeration(ModerationType.AutoApprove)).toEqual({ approved: true, reason: null });
  });

  it.each([ModerationType.ManualModeration, ModerationType.AiModeration])('holds a memory of a %s event with a reason', (type) => {
    const decision = decideModeration(type);
    expect(decision.approved).toBe(false);
    expect(decision.reason).toEqual(expect.stringMatching(/\w/));
  });

  it('says why AI moderation held a memory (it fails closed)', () => {
    expect(decideModeration(ModerationType.AiModeration).reason).toMatch(/AI moderation/);
  });
});
