import { MemoryType } from '@memory-wall/contracts';
import { makeMemory } from '../../test/fixtures';
import { clipSlotSeconds } from './clips';

const clip = (duration: number) =>
  makeMemory({
    type: MemoryType.Video,
    media: {
      card: { url: '/c.webp', width: 800, height: 450 },
      full: { url: '/f.webp', width: 1280, height: 720 },
      video: { url: '/v.mp4', width: 1280, height: 720, duration },
    },
  });

describe('how long a set with video clips stays up', () => {
  it('keeps the slot of a set without clips (null)', () => {
    expect(clipSlotSeconds([makeMemory({ type: MemoryType.Message })])).toBeNull();
  });

  it('lasts as long as its clips play, one after another, a second each to start', () => {
    expect(clipSlotSeconds([clip(4.2), makeMemory({ type: MemoryType.Message }), clip(10)])).toBe(5 + 1 + 10 + 1);
  });

  it('caps each clip at the longest a clip may be', () => {
    expect(clipSlotSeconds([clip(3 * 3600)])).toBe(60 + 1);
  });
});
