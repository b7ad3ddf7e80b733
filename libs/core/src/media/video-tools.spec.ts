import { transcodeLimits, UnsupportedVideoError, videoFactsOf, VIDEO_LIMITS } from './video-tools';

/** ffprobe's answer for a clip of `seconds` whose picture stream is `picture`. */
const probed = (seconds: number, picture: Record<string, unknown>) => ({
  format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: String(seconds) },
  streams: [{ codec_type: 'video', ...picture }, { codec_type: 'audio' }],
});

describe('videoFactsOf: what a phone records', () => {
  it.each([
    [
      'an iPhone’s 4K at 60 a second, a minute long',
      60,
      { width: 3840, height: 2160, avg_frame_rate: '60/1', nb_frames: '3600' },
    ],
    [
      'the same held upright (rotated 90°)',
      60,
      { width: 3840, height: 2160, avg_frame_rate: '60/1', side_data_list: [{ rotation: -90 }] },
    ],
    ['NTSC 59.94 a second', 30, { width: 3840, height: 2160, avg_frame_rate: '60000/1001' }],
    ['DCI 4K at 60', 10, { width: 4096, height: 2160, avg_frame_rate: '60/1' }],
    ['slow motion: 1080p at 240', 10, { width: 1920, height: 1080, avg_frame_rate: '240/1', nb_frames: '2400' }],
    ['a WebM without a frame count', 10, { width: 1280, height: 720, avg_frame_rate: '30/1' }],
  ])('accepts %s', (_, seconds, picture) => {
    expect(() => videoFactsOf(probed(seconds, picture))).not.toThrow();
  });

  it.each([
    ['4K at 300 a second (V1)', 60, { width: 3840, height: 2160, avg_frame_rate: '300/1', nb_frames: '18000' }],
    [
      '4K at 60 whose header holds five times the frames',
      60,
      { width: 3840, height: 2160, avg_frame_rate: '60/1', nb_frames: '18000' },
    ],
    ['8K at 30', 10, { width: 7680, height: 4320, avg_frame_rate: '30/1' }],
    ['a tall strip larger than 4K', 10, { width: 480, height: 8000, avg_frame_rate: '30/1' }],
    ['720p at 1000 a second', 10, { width: 1280, height: 720, avg_frame_rate: '1000/1' }],
  ])('refuses %s', (_, seconds, picture) => {
    expect(() => videoFactsOf(probed(seconds, picture))).toThrow(UnsupportedVideoError);
  });

  it('reads the frame rate from the header, and from its frame count where that says more', () => {
    expect(videoFactsOf(probed(2, { width: 320, height: 240, avg_frame_rate: '30/1' })).frameRate).toBe(30);
    expect(
      videoFactsOf(probed(2, { width: 320, height: 240, avg_frame_rate: '0/0', nb_frames: '100' })).frameRate,
    ).toBe(50);
    expect(VIDEO_LIMITS.pixelsPerSecond).toBeGreaterThanOrEqual(3840 * 2160 * 60);
  });
});

describe('transcodeLimits', () => {
  const config = { FFMPEG_TIMEOUT_MS: 300_000, FFMPEG_THREADS: 2, FFMPEG_MEMORY_MB: 2048 };

  it('gives a clip time by its length, never past the configured time', () => {
    expect(transcodeLimits(config, 5).timeoutMs).toBe(50_000);
    expect(transcodeLimits(config, 60).timeoutMs).toBe(270_000);
    expect(transcodeLimits({ ...config, FFMPEG_TIMEOUT_MS: 90_000 }, 60).timeoutMs).toBe(90_000);
    expect(transcodeLimits(config).timeoutMs).toBe(300_000);
  });
});
