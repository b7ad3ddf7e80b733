import { VIDEO_MAX_SECONDS, VIDEO_RENDITION } from '@memory-wall/contracts';
import type { VideoFacts } from '@memory-wall/core';

/** Frames per second the wall's MP4 keeps at most (phones record 60). */
const MAX_FPS = 30;
/** Edge of the frames AI moderation looks at. */
const MODERATION_FRAME_EDGE = 512;

/** The box the wall's MP4 fits in, the clip's way up: 1280×720 lying, 720×1280 standing. */
export function videoBox(facts: Pick<VideoFacts, 'width' | 'height'>): { width: number; height: number } {
  const { longEdge, shortEdge } = VIDEO_RENDITION;
  return facts.width >= facts.height ? { width: longEdge, height: shortEdge } : { width: shortEdge, height: longEdge };
}

/** Pictures taken from the clip on its way to the MP4: where each is written. */
export interface Stills {
  /** A PNG at the size of the wall's MP4, a second in (a third of the way, for shorter clips). */
  poster: string;
  /** JPEGs of at most MODERATION_FRAME_EDGE px, at even steps across the clip (the middle of each step). */
  frames: readonly string[];
}

/** The moments (seconds from the start) of the stills of a clip of `length` seconds. */
export function stillMoments(length: number, frames: number): { poster: number; frames: number[] } {
  const step = length / frames;
  return { poster: Math.min(1, length / 3), frames: Array.from({ length: frames }, (_, i) => step * (i + 0.5)) };
}

/**
 * ffmpeg's arguments for the wall's MP4: H.264/AAC, within the box, no metadata, its index up front; with
 * `stills`, the same run also writes the poster and the moderation frames. They are taken from the
 * decoded, scaled pictures as they pass (a branch keeps the first frame at its moment and lets no other
 * through), so the clip is read and decoded once.
 */
export function transcodeArgs(
  input: string,
  output: string,
  facts: VideoFacts,
  threads: number,
  stills?: Stills,
): string[] {
  const box = videoBox(facts);
  // Pictures the MP4 does not keep are dropped before anything else works on them (-fpsmax alone drops
  // them only after the graph has scaled every one).
  const decimate = facts.frameRate > MAX_FPS ? `fps=${MAX_FPS},` : '';
  const fit = `${decimate}scale=w='min(iw,${box.width})':h='min(ih,${box.height})':force_original_aspect_ratio=decrease:force_divisible_by=2`;
  const taps = stills ? stillOutputs(stills, Math.min(facts.duration, VIDEO_MAX_SECONDS)) : [];
  const split = taps.length
    ? `,split=${taps.length + 1}[clip]${taps.map((tap) => `[${tap.label}]`).join('')}`
    : '[clip]';
  const graph = [`[0:v:0]${fit}${split}`, ...taps.map((tap) => tap.filter)].join(';');
  return [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-threads', String(threads), '-i', input],
    ...['-filter_complex', graph, '-filter_complex_threads', String(threads)],
    // The first picture and the first sound only; subtitles, data and chapters dropped.
    ...['-map', '[clip]', '-map', '0:a:0?', '-t', String(VIDEO_MAX_SECONDS), '-sn', '-dn', '-map_chapters', '-1'],
    // No metadata: no place, no device, no creation time, no encoder name.
    ...['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact'],
    ...['-fpsmax', String(MAX_FPS)],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
    ...['-threads', String(threads), '-movflags', '+faststart', '-f', 'mp4', '-y', output],
    ...taps.flatMap((tap) => [
      '-map',
      `[${tap.label}out]`,
      '-frames:v',
      '1',
      '-f',
      'image2',
      ...tap.codec,
      '-y',
      tap.path,
    ]),
  ];
}

/** A branch of the graph per still, and how its one picture is written. */
function stillOutputs(stills: Stills, length: number) {
  const at = stillMoments(length, stills.frames.length);
  // The first frame at or after the moment, then none: the branch costs nothing for the rest of the clip.
  const pick = (seconds: number) => `select='gte(t-start_t,${seconds.toFixed(3)})*isnan(prev_selected_t)'`;
  // Each branch ends in a scale, which converts its one picture to the encoder's pixel format; without it
  // ffmpeg would convert every frame before the select.
  return [
    { label: 'poster', path: stills.poster, seconds: at.poster, scale: 'scale', codec: ['-c:v', 'png'] },
    ...stills.frames.map((path, index) => ({
      label: `frame${index}`,
      path,
      seconds: at.frames[index],
      scale: `scale=${MODERATION_FRAME_EDGE}:${MODERATION_FRAME_EDGE}:force_original_aspect_ratio=decrease`,
      codec: ['-c:v', 'mjpeg', '-q:v', '4'],
    })),
  ].map((tap) => ({ ...tap, filter: `[${tap.label}]${pick(tap.seconds)},${tap.scale}[${tap.label}out]` }));
}
