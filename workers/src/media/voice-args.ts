import { VOICE_MAX_SECONDS, VOICE_WAVEFORM } from '@memory-wall/contracts';

/** The waveform's colour: the brand's teal, lightened to read on light and dark cards (the image is transparent). */
const WAVEFORM_COLOUR = '#3f8f8a';

/**
 * ffmpeg's arguments for a voice message: the first sound only, mono, loudness-normalised (EBU R128, as
 * speech on the web is mastered), at most VOICE_MAX_SECONDS (and a second of slack), AAC in an M4A with
 * its index up front and no metadata; the same run draws the waveform of the normalised sound as a PNG.
 */
export function voiceArgs(input: string, output: string, waveform: string, threads: number): string[] {
  const graph = [
    '[0:a:0]aformat=channel_layouts=mono,loudnorm=I=-16:TP=-1.5:LRA=11,aresample=48000,asplit=2[voice][wave]',
    `[wave]showwavespic=s=${VOICE_WAVEFORM.width}x${VOICE_WAVEFORM.height}:colors=${WAVEFORM_COLOUR}:scale=sqrt[picture]`,
  ].join(';');
  return [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-threads', String(threads)],
    ...['-t', String(VOICE_MAX_SECONDS + 1), '-i', input],
    ...['-filter_complex', graph, '-filter_complex_threads', String(threads)],
    ...[
      '-map',
      '[voice]',
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      '-fflags',
      '+bitexact',
      '-flags:a',
      '+bitexact',
    ],
    ...['-c:a', 'aac', '-b:a', '96k', '-ac', '1', '-movflags', '+faststart', '-f', 'mp4', '-y', output],
    ...['-map', '[picture]', '-frames:v', '1', '-f', 'image2', '-c:v', 'png', '-y', waveform],
  ];
}
