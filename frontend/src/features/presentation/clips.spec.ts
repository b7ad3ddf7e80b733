import { MemoryType } from '@memory-wall/contracts';
import { makeMemory } from '../../test/fixtures';
import { clipsOf, clipSlotSeconds } from './clips';

const clip = (duration: number) =>
  makeMemory({
    type: MemoryType.Video,
    media: {
      card: { url: '/c.webp', width: 800, height: 450 },
      full: { url: '/f.webp', width: 1280, height: 720 },
      video: { url: '/v.mp4', width: 1280, height: 720, duration },
    },
  });

const voice = (duration: number) =>
  makeMemory({
    type: MemoryType.Voice,
    content: 'Congratulations',
    media: {
      card: { url: '/c.webp', width: 800, height: 200 },
      full: { url: '/f.webp', width: 1200, height: 300 },
      audio: { url: '/v.m4a', duration },
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

describe('voice messages on a screen', () => {
  it('play in turn with the clips only where the hosts turned sound on', () => {
    const set = [voice(12.5), clip(4)];
    expect(clipsOf(set)).toEqual([set[1]]);
    expect(clipsOf(set, true)).toEqual(set);
    expect(clipSlotSeconds([voice(12.5)])).toBeNull();
    expect(clipSlotSeconds(set, true)).toBe(13 + 1 + 4 + 1);
  });

  it('are capped at the longest a voice message may be', () => {
    expect(clipSlotSeconds([voice(3600)], true)).toBe(120 + 1);
  });
});
