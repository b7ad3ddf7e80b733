import sharp, { type Metadata } from 'sharp';

/** Formats accepted from guests and hosts, decided by decoding the bytes, never by name or declared type. */
export const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'gif', 'webp'] as const;
/** A decompression bomb (say 30000×30000) is refused before it is decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;

export class UnsupportedImageError extends Error {}

export interface ImageFacts {
  format: (typeof ACCEPTED_IMAGE_FORMATS)[number];
  width: number;
  height: number;
}

const open = (input: string | Buffer) => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });

/** Reads the header and refuses anything that is not an accepted image of an acceptable size. */
export async function inspectImage(input: string | Buffer): Promise<ImageFacts> {
  let meta: Metadata;
  try {
    meta = await open(input).metadata();
  } catch {
    throw new UnsupportedImageError('not an image');
  }
  const format = meta.format as ImageFacts['format'];
  if (!ACCEPTED_IMAGE_FORMATS.includes(format) || !meta.width || !meta.height) {
    throw new UnsupportedImageError(`format ${meta.format ?? 'unknown'} is not accepted`);
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new UnsupportedImageError('too many pixels');
  return { format, width: meta.width, height: meta.height };
}

export interface WebpRendition {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes and re-encodes as WebP: turned upright by its EXIF orientation, fitted inside `maxEdge`,
 * with every piece of metadata (EXIF, GPS, ICC comments) left behind.
 */
export async function renderWebp(input: string | Buffer, maxEdge: number, quality = 82): Promise<WebpRendition> {
  try {
    const { data, info } = await open(input)
      .rotate()
      .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (err) {
    throw new UnsupportedImageError(`cannot decode: ${(err as Error).message}`);
  }
}
