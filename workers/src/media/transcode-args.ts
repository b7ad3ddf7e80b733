import { VIDEO_MAX_SECONDS, VIDEO_RENDITION } from '@memory-wall/contracts';
import type { VideoFacts } from '@memory-wall/core';

/** Frames per second the wall's MP4 keeps at most (phones record 60). */
const MAX_FPS = 30;

/** The box the wall's MP4 fits in, the clip's way up: 1280×720 lying, 720×1280 standing. */
export function videoBox(facts: Pick<VideoFacts, 'width' | 'height'>): { width: number; height: number } {
  const { longEdge, shortEdge } = VIDEO_RENDITION;
  return facts.width >= facts.height ? { width: longEdge, height: shortEdge } : { width: shortEdge, height: longEdge };
}

/** ffmpeg's arguments for the wall's MP4: H.264/AAC, within the box, no metadata, its index up front. */
export function transcodeArgs(input: string, output: string, facts: VideoFacts, threads: number): string[] {
  const box = videoBox(facts);
  return [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-threads', String(threads)],
    ...['-i', input, '-t', String(VIDEO_MAX_SECONDS)],
    // The first picture and the first sound only; subtitles, data and chapters dropped.
    ...['-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn', '-map_chapters', '-1'],
    // No metadata: no place, no device, no creation time, no encoder name.
    ...['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact'],
    '-vf',
    `scale=w='min(iw,${box.width})':h='min(ih,${box.height})':force_original_aspect_ratio=decrease:force_divisible_by=2`,
    ...['-fpsmax', String(MAX_FPS), '-filter_threads', String(threads)],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
    ...['-threads', String(threads), '-movflags', '+faststart', '-f', 'mp4', '-y', output],
  ];
}
