import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/** A real JPEG carrying EXIF with a GPS position, as phones write them. */
export function gpsTaggedJpeg(width = 1200, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Copyright: 'guest' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

export function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#eee' } })
    .png()
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A tiny PNG whose header claims width×height pixels: a decompression bomb. */
export async function pixelFloodPng(width = 30000, height = 30000): Promise<Buffer> {
  const png = Buffer.from(await pngOf(8, 8));
  // IHDR data starts at byte 16: width, height (4 bytes each); its CRC covers type + data (bytes 12..29).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** The first bytes of a JPEG, cut off mid-stream. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await gpsTaggedJpeg(800, 600);
  return whole.subarray(0, Math.floor(whole.length / 2));
}

export function multipart(
  field: string,
  data: Buffer,
  filename = 'upload.jpg',
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, new Blob([new Uint8Array(data)]), filename);
  return form;
}

/**
 * A JPEG that compresses like a camera photo (a smooth random landscape, a light gradient and sensor
 * noise), at the quality phones use: 4000×3000 comes out at about 4.5 MB, like a 12 MP phone photo.
 */
export async function cameraLikeJpeg(width = 4000, height = 3000, quality = 92): Promise<Buffer> {
  const coarse = await sharp({
    create: {
      width: Math.ceil(width / 8),
      height: Math.ceil(height / 8),
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const pixels = await sharp(coarse).resize(width, height, { kernel: 'cubic' }).raw().toBuffer();
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 6 } },
  })
    .raw()
    .toBuffer();
  const row = width * 3;
  for (let i = 0; i < pixels.length; i++)
    pixels[i] = Math.max(0, Math.min(255, pixels[i] * 0.7 + (Math.floor(i / row) / height) * 60 + grain[i] - 128));
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/**
 * `image` (any format sharp reads) as a HEIC made by libheif's own encoder, heif-enc (Debian's
 * libheif-examples), the way phones' files are: HEVC in HEIF, its EXIF kept. Several images go into one file.
 */
export function heicOf(...images: Buffer[]): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'mw-heic-'));
  try {
    const inputs = images.map((image, i) => {
      const path = join(dir, `in-${i}.jpg`);
      writeFileSync(path, image);
      return path;
    });
    execFileSync('heif-enc', ['-q', '60', '-o', join(dir, 'out.heic'), ...inputs], { stdio: 'pipe' });
    return readFileSync(join(dir, 'out.heic'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An animated GIF of `colours.length` 160×120 frames of those colours, each shown `delayMs`, looping. */
export async function animatedGif(colours: string[], delayMs = 100): Promise<Buffer> {
  const frames = await Promise.all(
    colours.map((background) =>
      sharp({ create: { width: 160, height: 120, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: colours.map(() => delayMs), loop: 0 })
    .toBuffer();
}

/** A GIF of `frames` frames (a two-frame GIF with its last frame repeated, so it is made at once). */
export async function longGif(frames: number): Promise<Buffer> {
  const gif = await animatedGif(['#f00', '#00f']);
  const trailer = gif.length - 1; // 0x3b
  const lastFrame = gif.subarray(gif.lastIndexOf(Buffer.from([0x21, 0xf9, 0x04])), trailer); // its graphic control extension on
  return Buffer.concat([gif.subarray(0, trailer), ...Array<Buffer>(frames - 2).fill(lastFrame), gif.subarray(trailer)]);
}
