import { audioFactsOf, UnsupportedAudioError } from './audio-probe';

const packets = (ends: number[], step = 0.02) =>
  ends.map((end) => ({ pts_time: (end - step).toFixed(3), duration_time: step.toFixed(3) }));

describe("ffprobe's account of a voice message", () => {
  it('takes its length from where its last packet ends (a browser WebM says none in its header)', () => {
    const facts = audioFactsOf({
      format: { format_name: 'matroska,webm' },
      streams: [{ codec_type: 'audio' }],
      packets: packets([0.02, 0.04, 61.5]),
    });
    expect(facts.duration).toBeCloseTo(61.5, 3);
  });

  it.each([
    ['an image container', { format: { format_name: 'png_pipe' }, streams: [{ codec_type: 'video' }], packets: [] }],
    [
      'a container without sound',
      { format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2' }, streams: [{ codec_type: 'video' }] },
    ],
    ['sound with no packets', { format: { format_name: 'ogg' }, streams: [{ codec_type: 'audio' }], packets: [] }],
  ])('refuses %s', (_, probed) => {
    expect(() => audioFactsOf(probed)).toThrow(UnsupportedAudioError);
  });
});
