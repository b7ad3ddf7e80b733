import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { probeVideo, runVideoTool } from '@memory-wall/core';
import { transcodeArgs } from './transcode-args';

const LIMITS = { timeoutMs: 120_000, threads: 1, memoryMb: 2048 };
const COLOURS = { red: [255, 0, 0], lime: [0, 255, 0], blue: [0, 0, 255], white: [255, 255, 255] } as const;
type Colour = keyof typeof COLOURS;

/** The colour of COLOURS nearest to the image's mean. */
async function colourOf(file: string): Promise<Colour> {
  const { channels } = await sharp(readFileSync(file)).stats();
  const mean = channels.slice(0, 3).map((c) => c.mean);
  const distance = (name: Colour) => COLOURS[name].reduce<number>((sum, v, i) => sum + (v - mean[i]) ** 2, 0);
  return (Object.keys(COLOURS) as Colour[]).sort((a, b) => distance(a) - distance(b))[0];
}

describe('one ffmpeg run for the clip, its poster and its moderation frames', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mw-stills-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes each still at its moment as the pictures pass: the poster a second in, the frames across the clip', async () => {
    // Four seconds, a colour each: the moments 0.5, 1.5, 2.5 and 3.5 s fall in different ones.
    const input = join(dir, 'colours.mp4');
    const segments = Object.keys(COLOURS).map((c, i) => `color=c=${c}:s=320x240:d=1:r=10[s${i}]`);
    execFileSync('ffmpeg', [
      ...['-nostdin', '-loglevel', 'error', '-filter_complex'],
      `${segments.join(';')};[s0][s1][s2][s3]concat=n=4:v=1:a=0`,
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', input],
    ]);
    const facts = await probeVideo(input, LIMITS);
    const stills = {
      poster: join(dir, 'poster.png'),
      frames: [0, 1, 2, 3].map((i) => join(dir, `frame-${i}.jpg`)),
    };
    const output = join(dir, 'clip.mp4');

    await runVideoTool('ffmpeg', transcodeArgs(input, output, facts, 1, stills), LIMITS);

    expect(await Promise.all(stills.frames.map(colourOf))).toEqual(['red', 'lime', 'blue', 'white']);
    expect(await colourOf(stills.poster)).toBe('lime');
    expect(await sharp(stills.poster).metadata()).toMatchObject({ format: 'png', width: 320, height: 240 });
    expect((await probeVideo(output, LIMITS)).duration).toBeCloseTo(4, 0);
  }, 120_000);

  it('drops the pictures past 30 a second before scaling the rest, and keeps the clip its length', async () => {
    const input = join(dir, 'fast.mp4');
    execFileSync('ffmpeg', [
      ...['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=s=320x240:r=120:d=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', input],
    ]);
    const facts = await probeVideo(input, LIMITS);
    expect(facts.frameRate).toBeCloseTo(120, 0);
    const output = join(dir, 'fast-clip.mp4');

    const args = transcodeArgs(input, output, facts, 1);
    expect(args[args.indexOf('-filter_complex') + 1]).toMatch(/^\[0:v:0\]fps=30,scale=/);
    await runVideoTool('ffmpeg', args, LIMITS);

    const clip = await probeVideo(output, LIMITS);
    expect(clip.frameRate).toBeCloseTo(30, 0);
    expect(clip.duration).toBeCloseTo(2, 0);
  }, 120_000);
});
