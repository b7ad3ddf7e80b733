import { readFile } from 'node:fs/promises';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { decodeHeifUpright, HeifDecodeError } from './heif-decoder';

/**
 * Formats accepted from guests and hosts, decided by decoding the bytes, never by name or declared type.
 * `heif` is HEIC from phones (and AVIF).
 */
export const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'gif', 'webp', 'heif'] as const;
/** A decompression bomb (say 30000×30000) is refused before it is decoded; for an animation, all its frames together. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** An animation (GIF, WebP) stays animated up to this many frames; a longer one is refused as too large. */
export const MAX_ANIMATION_FRAMES = 300;

export class UnsupportedImageError extends Error {}
/** An acceptable kind of image, but too big to take (too many frames). */
export class ImageTooLargeError extends UnsupportedImageError {}

export interface ImageFacts {
  format: (typeof ACCEPTED_IMAGE_FORMATS)[number];
  width: number;
  height: number;
  /** Frames of an animation (1 for a still); a HEIF file's further images are never decoded. */
  frames: number;
}

const open = (input: string | Buffer, animated = false) =>
  sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated });
const isAnimation = (meta: Metadata) => meta.format !== 'heif' && (meta.pages ?? 1) > 1;

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
  const frames = isAnimation(meta) ? meta.pages! : 1;
  if (frames > MAX_ANIMATION_FRAMES || meta.width * meta.height * frames > MAX_INPUT_PIXELS) {
    throw new ImageTooLargeError(`an animation of ${frames} frames of ${meta.width}×${meta.height}`);
  }
  return { format, width: meta.width, height: meta.height, frames };
}

export interface WebpRendition {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes once, turned upright by its EXIF orientation (HEIF: its own rotation, see decodeHeifUpright) and
 * fitted inside the largest edge asked for, then encodes one WebP per named edge from those pixels. Nothing
 * of the original's metadata (EXIF, GPS, comments) survives: the renditions are made from raw pixels. An
 * animation (checked by inspectImage) becomes animated WebPs, each made from the original's frames.
 */
export async function renderWebpSet<Name extends string>(
  input: string | Buffer,
  edges: Record<Name, number>,
  quality = 82,
): Promise<Record<Name, WebpRendition>> {
  let meta: Metadata;
  try {
    meta = await open(input).metadata();
  } catch (err) {
    throw new UnsupportedImageError(`cannot decode: ${(err as Error).message}`);
  }
  if (isAnimation(meta)) return renderAnimatedWebpSet(input, edges, quality);
  const largest = Math.max(...Object.values<number>(edges));
  let pixels: { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
  try {
    pixels = await (
      await uprightSource(input, meta)
    )
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

/** The decoder for these bytes, turning the image upright: sharp itself, or libheif for HEVC (HEIC). */
async function uprightSource(input: string | Buffer, meta: Metadata): Promise<Sharp> {
  if (meta.format !== 'heif' || meta.compression !== 'hevc') return open(input).rotate();
  try {
    return await decodeHeifUpright(typeof input === 'string' ? await readFile(input) : input, MAX_INPUT_PIXELS);
  } catch (err) {
    if (err instanceof HeifDecodeError) throw new UnsupportedImageError(`cannot decode HEIC: ${err.message}`);
    throw err;
  }
}

/** Animated WebPs, frame delays and looping kept, each edge fitting every frame. */
async function renderAnimatedWebpSet<Name extends string>(
  input: string | Buffer,
  edges: Record<Name, number>,
  quality: number,
): Promise<Record<Name, WebpRendition>> {
  const renditions = {} as Record<Name, WebpRendition>;
  for (const [name, edge] of Object.entries<number>(edges)) {
    try {
      const { data, info } = await open(input, true)
        .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
        .webp({ quality })
        .toBuffer({ resolveWithObject: true });
      renditions[name as Name] = { data, width: info.width, height: info.pageHeight ?? info.height };
    } catch (err) {
      throw new UnsupportedImageError(`cannot decode: ${(err as Error).message}`);
    }
  }
  return renditions;
}

/** One WebP rendition (see renderWebpSet). */
export async function renderWebp(input: string | Buffer, maxEdge: number, quality = 82): Promise<WebpRendition> {
  return (await renderWebpSet(input, { image: maxEdge }, quality)).image;
}

export interface KeptImage {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
}

/**
 * An original as a host keeps it (the keepsake archive): its full size, turned upright, with none of its
 * metadata (EXIF with the GPS position and the camera, comments), which sharp leaves out of what it encodes.
 * A PNG (a drawing) or a still with transparency stays a PNG, any other still becomes a JPEG at a camera's
 * quality, and an animation an animated WebP.
 */
export async function keptImage(input: Buffer): Promise<KeptImage> {
  let meta: Metadata;
  try {
    meta = await open(input).metadata();
  } catch (err) {
    throw new UnsupportedImageError(`cannot decode: ${(err as Error).message}`);
  }
  try {
    if (isAnimation(meta))
      return { data: await open(input, true).webp({ quality: 90 }).toBuffer(), contentType: 'image/webp' };
    const upright = await uprightSource(input, meta);
    if (meta.hasAlpha || meta.format === 'png')
      return { data: await upright.png().toBuffer(), contentType: 'image/png' };
    return { data: await upright.jpeg({ quality: 92 }).toBuffer(), contentType: 'image/jpeg' };
  } catch (err) {
    if (err instanceof UnsupportedImageError) throw err;
    throw new UnsupportedImageError(`cannot decode: ${(err as Error).message}`);
  }
}
