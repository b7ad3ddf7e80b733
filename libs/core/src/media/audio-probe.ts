import { runVideoTool, UnsupportedVideoError, VideoToolLimits } from './video-tools';

/** The bytes are not a recording we take: not an audio container of ours, no sound, unreadable. */
export class UnsupportedAudioError extends Error {}

/** What the API and the workers read of a voice message before working on it. */
export interface AudioFacts {
  /** Seconds of sound, counted from its packets (at most the `readSeconds` asked for). */
  duration: number;
}

/**
 * The containers browsers record into (ffprobe's format names): Chrome's WebM, Safari's MP4, Firefox's Ogg;
 * and the files a guest might pick instead (M4A, WAV, MP3).
 */
const AUDIO_CONTAINERS = new Set(['mov', 'mp4', 'm4a', 'matroska', 'webm', 'ogg', 'wav', 'mp3']);

interface ProbedAudio {
  format?: { format_name?: string };
  streams?: Array<{ codec_type?: string }>;
  packets?: Array<{ pts_time?: string; duration_time?: string }>;
}

/**
 * ffprobe's view of a recording, refused unless it is an audio container with sound. Its length is where
 * its last packet ends, not what its header says: a browser's WebM has no length in its header, and a
 * header may lie. Only the first `readSeconds` are read, so a long file costs no more than a short one.
 */
export async function probeAudio(path: string, readSeconds: number, limits: VideoToolLimits): Promise<AudioFacts> {
  let stdout: string;
  try {
    ({ stdout } = await runVideoTool(
      'ffprobe',
      [
        ...['-v', 'error', '-print_format', 'json', '-select_streams', 'a:0'],
        ...['-show_entries', 'format=format_name:stream=codec_type:packet=pts_time,duration_time'],
        ...['-read_intervals', `%+${readSeconds}`, path],
      ],
      limits,
    ));
  } catch (err) {
    if (err instanceof UnsupportedVideoError) throw new UnsupportedAudioError(err.message);
    throw err;
  }
  return audioFactsOf(parseJson(stdout));
}

function parseJson(text: string): ProbedAudio {
  try {
    return JSON.parse(text) as ProbedAudio;
  } catch {
    throw new UnsupportedAudioError('ffprobe gave no readable answer');
  }
}

/** The facts of ffprobe's answer (exported for its unit test). */
export function audioFactsOf(probed: ProbedAudio): AudioFacts {
  const containers = (probed.format?.format_name ?? '').split(',');
  if (!containers.some((name) => AUDIO_CONTAINERS.has(name)))
    throw new UnsupportedAudioError(`format ${probed.format?.format_name ?? 'unknown'} is not an audio container`);
  if (!probed.streams?.some((s) => s.codec_type === 'audio')) throw new UnsupportedAudioError('no sound');
  const ends = (probed.packets ?? [])
    .map((p) => Number(p.pts_time) + (Number(p.duration_time) || 0))
    .filter((end) => Number.isFinite(end));
  const duration = ends.length ? Math.max(...ends) : 0;
  if (duration <= 0) throw new UnsupportedAudioError('no sound');
  return { duration };
}
