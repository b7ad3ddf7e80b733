import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import sharp, { type Sharp } from 'sharp';

/**
 * HEIC (what iPhones write) is HEVC inside HEIF. The prebuilt sharp reads the HEIF container (so uploads
 * are recognised by their bytes) but has no HEVC decoder, for patent reasons; heic-decode runs libheif
 * compiled to WebAssembly: no native build, it runs wherever Node does, libheif's own security limits
 * apply, and the same decoder serves the guests' browsers. It runs in worker threads (heif-decode.worker.js),
 * never on the caller's.
 */

export class HeifDecodeError extends Error {}

/** What a decode in the pool answers: the first image's RGBA pixels, or why libheif could not read it. */
type DecodeAnswer = { width: number; height: number; data: Uint8ClampedArray } | { refused: string };

/** Threads that stay idle this long end, and their WebAssembly memory with them. */
const IDLE_THREAD_MS = 60_000;

let pool: Piscina | undefined;

/**
 * The decoding threads, started when the first HEIC arrives (most processes never see one) and as many as
 * there are cores; a caller that decodes a few at once (the media queue's WORKER_CONCURRENCY) uses a few.
 */
function heifPool(): Piscina {
  pool ??= new Piscina({
    filename: join(__dirname, 'heif-decode.worker.js'),
    minThreads: 0,
    maxThreads: availableParallelism(),
    idleTimeout: IDLE_THREAD_MS,
  });
  return pool;
}

/**
 * Decodes the first image of a HEIF file, upright, as a sharp pipeline over its RGBA pixels. Only that one
 * image is decoded, whatever else the file holds (bursts, a hundred images), and only if it has at most
 * `maxPixels`. The decode runs in a worker thread; this thread's event loop goes on meanwhile.
 */
export async function decodeHeifUpright(input: Buffer, maxPixels: number): Promise<Sharp> {
  // The thread is handed a copy: the caller's buffer stays usable (it is read below for the EXIF orientation).
  const file = new Uint8Array(input);
  const answer = (await heifPool().run({ file, maxPixels }, { transferList: [file.buffer] })) as DecodeAnswer;
  if ('refused' in answer) throw new HeifDecodeError(answer.refused);
  const { width, height, data } = answer;
  const pixels = sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 4 },
  });
  return hasTransformProperty(input) ? pixels : orient(pixels, exifOrientation((await sharp(input).metadata()).exif));
}

/**
 * Whether the file rotates or mirrors its images with HEIF's own properties (irot, imir), which libheif
 * applies while decoding. Phones write those and also an EXIF orientation describing the same turn, so
 * EXIF is followed only in files without them (as encoders such as heif-enc before 1.17 write).
 * The properties live in the `meta` box, which comes before the pixel data.
 */
function hasTransformProperty(file: Buffer): boolean {
  let offset = 0;
  while (offset + 8 <= file.length) {
    const size = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const end = size === 0 ? file.length : offset + size;
    if (type === 'meta') {
      const meta = file.toString('latin1', offset, Math.min(end, file.length));
      return meta.includes('irot') || meta.includes('imir');
    }
    if (size < 8) return false;
    offset = end;
  }
  return false;
}

/** The Orientation tag (0x0112) of IFD0 in a TIFF-structured EXIF block, 1 (as stored) when absent. */
function exifOrientation(exif: Buffer | undefined): number {
  if (!exif) return 1;
  const tiff = exif.indexOf('II*\0') >= 0 ? exif.indexOf('II*\0') : exif.indexOf('MM\0*');
  if (tiff < 0) return 1;
  const little = exif[tiff] === 0x49;
  const u16 = (at: number) => (little ? exif.readUInt16LE(at) : exif.readUInt16BE(at));
  const u32 = (at: number) => (little ? exif.readUInt32LE(at) : exif.readUInt32BE(at));
  try {
    const ifd = tiff + u32(tiff + 4);
    for (let i = 0, count = u16(ifd); i < count; i++) {
      const entry = ifd + 2 + i * 12;
      if (u16(entry) === 0x0112) return u16(entry + 8);
    }
  } catch {
    // A cut-off EXIF block: the pixels stay as stored.
  }
  return 1;
}

/** EXIF orientations 1–8 as sharp operations (sharp mirrors before it rotates). */
function orient(pixels: Sharp, orientation: number): Sharp {
  const turns: Record<number, [angle: number, mirror: boolean]> = {
    2: [0, true],
    3: [180, false],
    4: [180, true],
    5: [270, true],
    6: [90, false],
    7: [90, true],
    8: [270, false],
  };
  const [angle, mirror] = turns[orientation] ?? [0, false];
  return pixels.rotate(angle).flop(mirror);
}
