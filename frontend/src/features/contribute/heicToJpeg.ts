import decodeHeif from 'heic-decode';
import { withExtension } from './fileName';

/** More pixels than any phone camera makes: a larger image would exhaust a phone's memory. */
const MAX_PIXELS = 50_000_000;

/**
 * A HEIC photo (iPhones) as a full-size JPEG, for browsers that cannot show HEIC. It is decoded with
 * libheif compiled to WebAssembly (the decoder the workers use), in its own chunk: this module is only
 * imported when such a file is picked. Only the file's first image is decoded, upright by its HEIF rotation.
 */
export async function heicToJpeg(file: File): Promise<File> {
  const images = (await decodeHeif.all({ buffer: new Uint8Array(await file.arrayBuffer()) })) as unknown as Array<{
    width: number;
    height: number;
    decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
  }> & { dispose(): void };
  try {
    const first = images[0];
    if (!first || first.width * first.height > MAX_PIXELS)
      throw new Error('No image of an acceptable size in the file');
    const { width, height, data } = await first.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    canvas.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(data), width, height), 0, 0);
    const jpeg = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the image'))),
        'image/jpeg',
        0.92,
      ),
    );
    return new File([jpeg], withExtension(file.name, 'jpg'), { type: 'image/jpeg' });
  } finally {
    images.dispose();
  }
}
