import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contractOf } from './openapi-contract';

/** What a clip made by `testClip` looks like. */
export interface ClipOptions {
  seconds: number;
  width?: number;
  height?: number;
  fps?: number;
  /** A sine tone beside the picture (default true). */
  audio?: boolean;
  /** No picture at all: only the tone. */
  audioOnly?: boolean;
  /** The index at the file's end (as cameras write it), rather than up front. */
  indexAtEnd?: boolean;
  /** Metadata a phone writes: a place, a device, a title. */
  phoneTags?: boolean;
  /** Noise over the picture: a clip that hardly compresses (large in few seconds). */
  noise?: boolean;
  /** Container: mp4 (default), mov or webm. */
  format?: 'mp4' | 'mov' | 'webm';
}

/** The tags `phoneTags` writes; none of them may reach a guest. */
export const PHONE_TAGS = {
  location: '+51.5007-000.1246/',
  'com.apple.quicktime.make': 'PhoneCo',
  title: 'Secret family clip',
  comment: 'recorded at home',
  creation_time: '2026-06-01T12:00:00Z',
};

/** A real video clip made by ffmpeg from its test sources (testsrc2 picture, sine tone). */
export function testClip(options: ClipOptions): Buffer {
  const { seconds, width = 640, height = 360, fps = 25, audio = true, format = 'mp4' } = options;
  const dir = mkdtempSync(join(tmpdir(), 'mw-clip-'));
  try {
    const out = join(dir, `clip.${format}`);
    const args = ['-nostdin', '-loglevel', 'error', '-y'];
    const picture = `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}${options.noise ? ',noise=alls=80:allf=t' : ''}`;
    if (!options.audioOnly) args.push('-f', 'lavfi', '-i', picture);
    if (audio || options.audioOnly) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`);
    if (options.phoneTags)
      for (const [key, value] of Object.entries(PHONE_TAGS)) args.push('-metadata', `${key}=${value}`);
    if (format === 'webm') args.push('-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libopus');
    else if (!options.audioOnly)
      args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac');
    else args.push('-c:a', 'aac');
    if (format !== 'webm' && !options.indexAtEnd) args.push('-movflags', '+faststart');
    args.push(out);
    execFileSync('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ProbedClip {
  format: { format_name: string; duration: string; tags?: Record<string, string> };
  streams: Array<{
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    tags?: Record<string, string>;
    side_data_list?: unknown[];
  }>;
}

/** ffprobe's account of a file's bytes. */
export function probe(bytes: Buffer): ProbedClip {
  const dir = mkdtempSync(join(tmpdir(), 'mw-probe-'));
  try {
    const path = join(dir, 'clip');
    writeFileSync(path, bytes);
    const out = execFileSync('ffprobe', [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      path,
    ]);
    return JSON.parse(out.toString()) as ProbedClip;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The answer to a tus request: its status, its headers and its body (JSON when it is). */
export interface TusAnswer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** The answer, checked against the API's OpenAPI document as ApiClient checks its answers. */
async function answer(baseUrl: string, method: string, path: string, response: Response): Promise<TusAnswer> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const contract = await contractOf(baseUrl);
  const problems = contract?.problems(method, path, response.status, response.headers.get('content-type'), body) ?? [];
  if (problems.length) throw new Error(`The answer does not match the OpenAPI document:\n${problems.join('\n')}`);
  return { status: response.status, headers: response.headers, body, text };
}

const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/**
 * A client of the tus protocol, as tus-js-client speaks it: create an upload, send its bytes in chunks,
 * ask its offset. `headers` go with every request (a session cookie, an Origin).
 */
export class TusClient {
  constructor(
    readonly baseUrl: string,
    readonly headers: Record<string, string> = {},
  ) {}

  async create(eventId: string, size: number, fields: Record<string, string>): Promise<TusAnswer> {
    const path = `/api/events/${eventId}/submissions/video`;
    return answer(
      this.baseUrl,
      'POST',
      path,
      await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          ...this.headers,
          'tus-resumable': '1.0.0',
          'upload-length': String(size),
          'upload-metadata': tusMetadata({ filename: 'clip.mp4', filetype: 'video/mp4', ...fields }),
        },
      }),
    );
  }

  async append(location: string, offset: number, bytes: Buffer): Promise<TusAnswer> {
    return answer(
      this.baseUrl,
      'PATCH',
      location,
      await fetch(`${this.baseUrl}${location}`, {
        method: 'PATCH',
        headers: {
          ...this.headers,
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(bytes),
      }),
    );
  }

  async offset(location: string): Promise<TusAnswer> {
    return answer(
      this.baseUrl,
      'HEAD',
      location,
      await fetch(`${this.baseUrl}${location}`, {
        method: 'HEAD',
        headers: { ...this.headers, 'tus-resumable': '1.0.0' },
      }),
    );
  }

  /** A whole upload: created, then sent in chunks; the last answer (the submission's, when all went well). */
  async upload(
    eventId: string,
    bytes: Buffer,
    fields: Record<string, string>,
    chunk = 1024 * 1024,
  ): Promise<TusAnswer> {
    const created = await this.create(eventId, bytes.length, fields);
    if (created.status !== 201) return created;
    const location = created.headers.get('location')!;
    let last = created;
    for (let offset = 0; offset < bytes.length; offset += chunk) {
      last = await this.append(location, offset, bytes.subarray(offset, offset + chunk));
      if (last.status >= 300) return last;
    }
    return last;
  }
}

/** The recordings browsers make: Chrome's WebM/Opus, Safari's MP4/AAC. */
export type VoiceFormat = 'webm' | 'mp4';

/**
 * A real recording made by ffmpeg as a browser's MediaRecorder writes it: a tone that rises and falls (so
 * its waveform has a shape), Opus in WebM without its length in the header, or AAC in a fragmented MP4.
 */
export function testVoice(seconds: number, format: VoiceFormat): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'mw-voice-'));
  try {
    const out = join(dir, `voice.${format}`);
    const tone = `sine=frequency=300:duration=${seconds},volume='0.2+0.8*abs(sin(t*2))':eval=frame`;
    const codec =
      format === 'webm'
        ? ['-c:a', 'libopus', '-f', 'webm', '-live', '1']
        : ['-c:a', 'aac', '-movflags', '+frag_keyframe+empty_moov', '-f', 'mp4'];
    execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', tone, ...codec, out], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
