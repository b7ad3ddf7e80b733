import { spawn } from 'node:child_process';
import type { AppConfig } from '../config/app-config';

/** The bytes are not a video we take: not a container of ours, no picture, cut off, unreadable. */
export class UnsupportedVideoError extends Error {}

/** ffmpeg or ffprobe ran past its time limit and was killed. */
export class VideoToolTimeout extends Error {}

/** What each ffmpeg/ffprobe run may use: wall-clock time, threads, and address space (prlimit). */
export interface VideoToolLimits {
  timeoutMs: number;
  threads: number;
  memoryMb: number;
}

type FfmpegSettings = Pick<AppConfig, 'FFMPEG_TIMEOUT_MS' | 'FFMPEG_THREADS' | 'FFMPEG_MEMORY_MB'>;

/** A transcode's time before its clip's length counts: reading, probing, writing the poster. */
const TRANSCODE_BASE_MS = 30_000;
/** Per second of clip: 4K at 60 decodes at about 15 pictures a second on two slow cores. */
const TRANSCODE_MS_PER_CLIP_SECOND = 4_000;

/**
 * A transcode in the workers: the configured threads and memory, and a time that follows the clip's length
 * (`seconds`, once probed), at most the configured one: a short clip that does not finish is killed soon.
 */
export const transcodeLimits = (config: FfmpegSettings, seconds = Infinity): VideoToolLimits => ({
  timeoutMs: Math.min(config.FFMPEG_TIMEOUT_MS, TRANSCODE_BASE_MS + seconds * TRANSCODE_MS_PER_CLIP_SECOND),
  threads: config.FFMPEG_THREADS,
  memoryMb: config.FFMPEG_MEMORY_MB,
});

/** How long ffprobe may take in the API, where a guest's request waits for it. */
const PROBE_TIMEOUT_MS = 20_000;

/** ffprobe in the API: its memory cap, one thread, and less time than a transcode gets. */
export const probeLimits = (config: FfmpegSettings): VideoToolLimits => ({
  timeoutMs: Math.min(PROBE_TIMEOUT_MS, config.FFMPEG_TIMEOUT_MS),
  threads: 1,
  memoryMb: config.FFMPEG_MEMORY_MB,
});

/** What the API and the workers read of a clip before working on it. */
export interface VideoFacts {
  /** Seconds. */
  duration: number;
  /** As shown, after the phone's rotation. */
  width: number;
  height: number;
  /** Pictures a second, on average over the clip (its header's count over its length where that is more). */
  frameRate: number;
  hasAudio: boolean;
}

/**
 * The most a phone records: 4K (3840×2160, or 4096×2160 DCI) at up to 60 pictures a second, and slow
 * motion at up to 240 a second at 1080p, which decodes at the same rate of pixels. A clip past these is made,
 * not filmed (18,000 pictures of 4K in a minute, say): decoding it would hold a media slot for minutes, so it
 * is refused at upload, before anything works on it.
 */
export const VIDEO_LIMITS = {
  longEdge: 4096,
  shortEdge: 2304,
  frameRate: 240,
  pixelsPerSecond: 4096 * 2160 * 60,
} as const;
/** Frame rates are rounded in headers (59.94 as 60, say); what passes a limit by this much still counts as within. */
const FRAME_RATE_TOLERANCE = 1.01;

/**
 * The containers phones and browsers record into (ffprobe's format names). Images are "video" to ffprobe
 * too (a JPEG is one frame): they and anything else are refused by this list.
 */
const VIDEO_CONTAINERS = new Set(['mov', 'mp4', 'm4v', '3gp', '3g2', 'matroska', 'webm', 'avi', 'mpegts']);
/** The last bytes of a tool's error output kept for the error message (ffmpeg can print megabytes). */
const STDERR_TAIL = 2000;
/** ffprobe's JSON for one file is a few kilobytes; a file that makes it print more is refused. */
const STDOUT_LIMIT = 1024 * 1024;

/**
 * Runs ffmpeg or ffprobe as a child process, never in this one: under prlimit's address-space cap, killed
 * (SIGKILL) at its deadline. A non-zero exit is the input's fault (UnsupportedVideoError); a missing binary
 * or prlimit is the machine's, and throws as is.
 */
export function runVideoTool(
  tool: 'ffmpeg' | 'ffprobe',
  args: readonly string[],
  limits: VideoToolLimits,
): Promise<{ stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('prlimit', [`--as=${limits.memoryMb * 1024 * 1024}`, '--', tool, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (err: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (err) reject(err);
      else resolve({ stdout });
    };
    const deadline = setTimeout(() => {
      child.kill('SIGKILL');
      finish(new VideoToolTimeout(`${tool} took longer than ${limits.timeoutMs} ms`));
    }, limits.timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.length > STDOUT_LIMIT) {
        child.kill('SIGKILL');
        finish(new UnsupportedVideoError(`${tool} printed more than ${STDOUT_LIMIT} bytes`));
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on('error', finish);
    child.on('close', (code, signal) => {
      if (code === 0) return finish(null);
      const why = stderr.trim() || (signal ? `killed by ${signal}` : `exit code ${code}`);
      finish(new UnsupportedVideoError(`${tool}: ${why}`));
    });
  });
}

/** ffprobe's view of a file, refused unless it is a video container with a picture and a known length. */
export async function probeVideo(path: string, limits: VideoToolLimits): Promise<VideoFacts> {
  const { stdout } = await runVideoTool(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
    limits,
  );
  return videoFactsOf(parseJson(stdout));
}

interface ProbedStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  /** "30000/1001"; "0/0" when unknown. */
  avg_frame_rate?: string;
  nb_frames?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
}
interface Probed {
  format?: { format_name?: string; duration?: string };
  streams?: ProbedStream[];
}

function parseJson(text: string): Probed {
  try {
    return JSON.parse(text) as Probed;
  } catch {
    throw new UnsupportedVideoError('ffprobe gave no readable answer');
  }
}

/** The facts of ffprobe's answer (exported for its unit test). */
export function videoFactsOf(probed: Probed): VideoFacts {
  const containers = (probed.format?.format_name ?? '').split(',');
  if (!containers.some((name) => VIDEO_CONTAINERS.has(name)))
    throw new UnsupportedVideoError(`format ${probed.format?.format_name ?? 'unknown'} is not a video container`);
  const streams = probed.streams ?? [];
  const picture = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!picture?.width || !picture.height) throw new UnsupportedVideoError('no video stream');
  const duration = Number(probed.format?.duration ?? picture.duration);
  if (!Number.isFinite(duration) || duration <= 0) throw new UnsupportedVideoError('no known duration');
  const rotation = Number(
    picture.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? picture.tags?.rotate ?? 0,
  );
  const sideways = Math.abs(rotation) % 180 === 90;
  const [num, den] = (picture.avg_frame_rate ?? '').split('/').map(Number);
  const frames = Number(picture.nb_frames);
  const frameRate = Math.max(den > 0 ? num / den : 0, Number.isFinite(frames) ? frames / duration : 0);
  const facts = {
    duration,
    width: sideways ? picture.height : picture.width,
    height: sideways ? picture.width : picture.height,
    frameRate,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
  assertWithinPhoneLimits(facts);
  return facts;
}

/** Refuses a clip no phone records (VIDEO_LIMITS). */
function assertWithinPhoneLimits({ width, height, frameRate }: VideoFacts) {
  const [long, short] = width >= height ? [width, height] : [height, width];
  if (long > VIDEO_LIMITS.longEdge || short > VIDEO_LIMITS.shortEdge)
    throw new UnsupportedVideoError(`${width}×${height} is larger than a phone records`);
  if (frameRate > VIDEO_LIMITS.frameRate * FRAME_RATE_TOLERANCE)
    throw new UnsupportedVideoError(`${frameRate.toFixed(1)} pictures a second is more than a phone records`);
  if (width * height * frameRate > VIDEO_LIMITS.pixelsPerSecond * FRAME_RATE_TOLERANCE)
    throw new UnsupportedVideoError(
      `${width}×${height} at ${frameRate.toFixed(1)} a second is more than a phone records`,
    );
}
