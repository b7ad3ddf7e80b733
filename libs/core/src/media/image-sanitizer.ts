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
 * Decodes once, turned upright by its EXIF orientation and fitted inside the largest edge asked for,
 * then encodes one WebP per named edge from those pixels. Nothing of the original's metadata (EXIF,
 * GPS, comments) survives: the renditions are made from raw pixels.
 */
export async function renderWebpSet<Name extends string>(
  input: string | Buffer,
  edges: Record<Name, number>,
  quality = 82,
): Promise<Record<Name, WebpRendition>> {
  const largest = Math.max(...Object.values<number>(edges));
  let pixels: { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
  try {
    pixels = await open(input)
      .rotate()
      .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw new UnsupportedImageError(`cannot decode: ${(err as Error).message}`);
  }
  const { width, height, channels } = pixels.info;
  const renditions = {} as Record<Name, WebpRendition>;
  for (const [name, edge] of Object.entries<number>(edges)) {
    const { data, info } = await sharp(pixels.data, { raw: { width, height, channels } })
      .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    renditions[name as Name] = { data, width: info.width, height: info.height };
  }
  return renditions;
}

/** One WebP rendition (see renderWebpSet). */
export async function renderWebp(input: string | Buffer, maxEdge: number, quality = 82): Promise<WebpRendition> {
  return (await renderWebpSet(input, { image: maxEdge }, quality)).image;
}
