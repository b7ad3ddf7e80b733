import { PHOTO_MAX_BYTES } from '@memory-wall/contracts';

/** What the server accepts (it checks the bytes too). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
const EXTENSIONS: Record<string, (typeof PHOTO_TYPES)[number]> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Photos are sent with their long edge at about this many pixels (design: phones on venue Wi-Fi). */
export const UPLOAD_LONG_EDGE = 2048;

/** The file's image type: its declared type, or (when the browser gives none) its extension's. */
export function photoType(file: File): string | undefined {
  if (file.type) return (PHOTO_TYPES as readonly string[]).includes(file.type) ? file.type : undefined;
  return EXTENSIONS[file.name.split('.').pop()?.toLowerCase() ?? ''];
}

/**
 * Spec §5 Photo submission: JPEG, PNG, GIF or WEBP ('Invalid file type'), at most 10MB ('File too large').
 * The problem, or null when the file is fine.
 */
export function checkPhoto(file: File): 'invalidFileType' | 'fileTooLarge' | null {
  if (!photoType(file)) return 'invalidFileType';
  if (file.size > PHOTO_MAX_BYTES) return 'fileTooLarge';
  return null;
}

/** `name` with its extension replaced (a cropped photo becomes a .jpg). */
export function withExtension(name: string, extension: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'photo'}.${extension}`;
}

/**
 * A photo ready to send: one larger than UPLOAD_LONG_EDGE is resized in the browser first (the
 * compression library is downloaded only then). GIFs are sent as they are, to keep their animation;
 * when resizing fails, the original goes (the server makes its own renditions).
 */
export async function prepareForUpload(file: File, size: { width: number; height: number } | null): Promise<File> {
  if (!size || Math.max(size.width, size.height) <= UPLOAD_LONG_EDGE || photoType(file) === 'image/gif') return file;
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    const resized = await imageCompression(file, {
      maxWidthOrHeight: UPLOAD_LONG_EDGE,
      initialQuality: 0.9,
      // The default worker loads the library from a CDN: run it here instead.
      useWebWorker: false,
    });
    return new File([resized], file.name, { type: resized.type || file.type });
  } catch {
    return file;
  }
}
