import { IMAGE_RENDITIONS, PHOTO_MAX_BYTES } from '@memory-wall/contracts';
import { withExtension } from './fileName';

/** What the server accepts (it checks the bytes too). HEIC/HEIF is what iPhones take photos in. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif'] as const;
const EXTENSIONS: Record<string, (typeof PHOTO_TYPES)[number]> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
};

/**
 * How every photo is sent, chosen or cropped: its long edge at most the server's largest rendition
 * (IMAGE_RENDITIONS.full: more pixels would only be thrown away), WebP where the browser encodes it, else
 * JPEG, at a quality that keeps a photo good on a venue screen, and within a byte budget (a 12 MP phone
 * photo of 4-5 MB goes up as about a tenth of that on one bar of 4G).
 */
export const UPLOAD_ENCODING = { longEdge: IMAGE_RENDITIONS.full, quality: 0.8, maxBytes: 450_000 } as const;

/**
 * The file's image type: its declared type, or (when the browser gives none, or a generic one, as desktop
 * browsers do for HEIC) its extension's.
 */
export function photoType(file: File): string | undefined {
  if (file.type && file.type !== 'application/octet-stream')
    return (PHOTO_TYPES as readonly string[]).includes(file.type) ? file.type : undefined;
  return EXTENSIONS[file.name.split('.').pop()?.toLowerCase() ?? ''];
}

/**
 * The picked photo in a form this browser shows and resizes: a HEIC that it cannot decode (all but Safari)
 * is converted to JPEG by a decoder downloaded only then. Rejects when the file cannot be converted.
 */
export async function browserReadable(file: File): Promise<File> {
  const type = photoType(file);
  if (type !== 'image/heic' && type !== 'image/heif') return file;
  const decodes =
    typeof createImageBitmap === 'function' &&
    (await createImageBitmap(file).then(
      (bitmap) => (bitmap.close(), true),
      () => false,
    ));
  if (decodes) return file;
  const { heicToJpeg } = await import('./heicToJpeg');
  return heicToJpeg(file);
}

/**
 * Spec §5 Photo submission: JPEG, PNG, GIF, WEBP or (issue 26) HEIC ('Invalid file type'), at most 10MB ('File too large').
 * The problem, or null when the file is fine.
 */
export function checkPhoto(file: File): 'invalidFileType' | 'fileTooLarge' | null {
  if (!photoType(file)) return 'invalidFileType';
  if (file.size > PHOTO_MAX_BYTES) return 'fileTooLarge';
  return null;
}

let webpSupport: Promise<boolean> | undefined;

/**
 * Whether this browser's canvas encodes WebP. One that cannot (older Safari) silently answers PNG
 * instead, many times larger, so it is asked once with a 1-pixel canvas.
 */
function canvasEncodesWebp(): Promise<boolean> {
  webpSupport ??= new Promise((resolve) => {
    try {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      canvas.toBlob((blob) => resolve(blob?.type === 'image/webp'), 'image/webp', UPLOAD_ENCODING.quality);
    } catch {
      resolve(false);
    }
  });
  return webpSupport;
}

/** The image type photos are sent as. */
export async function uploadType(): Promise<'image/webp' | 'image/jpeg'> {
  return (await canvasEncodesWebp()) ? 'image/webp' : 'image/jpeg';
}

/**
 * A photo ready to send, encoded with UPLOAD_ENCODING (the compression library, which turns phone photos
 * upright and keeps to the byte budget, is downloaded only then). A photo already within the budget and
 * the long edge goes as it is (`size` is its pixel size, once the preview has loaded), and so do GIFs, to
 * keep their animation;
 * when encoding fails or would not make it smaller, the original goes (the server makes its own renditions).
 */
export async function prepareForUpload(file: File, size: { width: number; height: number } | null): Promise<File> {
  if (photoType(file) === 'image/gif') return file;
  const fits = !size || Math.max(size.width, size.height) <= UPLOAD_ENCODING.longEdge;
  if (fits && file.size <= UPLOAD_ENCODING.maxBytes) return file;
  try {
    const type = await uploadType();
    const { default: imageCompression } = await import('browser-image-compression');
    const encoded = await imageCompression(file, {
      maxWidthOrHeight: UPLOAD_ENCODING.longEdge,
      initialQuality: UPLOAD_ENCODING.quality,
      maxSizeMB: UPLOAD_ENCODING.maxBytes / 1024 / 1024,
      fileType: type,
      // The default worker loads the library from a CDN: run it here instead.
      useWebWorker: false,
    });
    if (encoded.size >= file.size) return file;
    return new File([encoded], withExtension(file.name, type === 'image/webp' ? 'webp' : 'jpg'), {
      type: encoded.type || type,
    });
  } catch {
    return file;
  }
}
