import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { WORK } from './procs';

/**
 * 12-megapixel (4000×3000) JPEGs of about 4 MB, as a phone writes them (with EXIF), deterministic per
 * seed and cached under bench/.work/photos, so every run measures the same files.
 */
export async function benchPhotos(count: number): Promise<string[]> {
  const dir = resolve(WORK, 'photos');
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (let seed = 1; seed <= count; seed++) {
    const file = resolve(dir, `photo-12mp-${seed}.jpg`);
    if (!existsSync(file)) {
      const tmp = `${file}.tmp`;
      writeFileSync(tmp, await makePhoto(seed));
      renameSync(tmp, file);
    }
    files.push(file);
  }
  return files;
}

/**
 * The same photos as HEIC, as an iPhone sends them (HEVC in HEIF, about 1.2 MB at 12 MP), made by libheif's
 * heif-enc (Debian's libheif-examples) and cached beside them.
 */
export async function benchHeicPhotos(count: number): Promise<string[]> {
  return (await benchPhotos(count)).map((jpeg) => {
    const file = jpeg.replace(/\.jpg$/, '.heic');
    if (!existsSync(file)) {
      execFileSync('heif-enc', ['-q', '50', '-o', `${file}.tmp.heic`, jpeg], { stdio: 'pipe' });
      renameSync(`${file}.tmp.heic`, file);
    }
    return file;
  });
}

async function makePhoto(seed: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let state = seed * 7919;
  const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const fx = 120 + seed * 13;
  const fy = 100 + seed * 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const noise = (random() - 0.5) * 40;
      raw[i] = clamp(128 + 100 * Math.sin(x / fx) + noise);
      raw[i + 1] = clamp(128 + 100 * Math.cos(y / fy) + noise);
      raw[i + 2] = clamp(128 + 60 * Math.sin((x + y) / 90) + noise);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Phone 12', Orientation: '1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

export function readPhoto(file: string): Buffer {
  return readFileSync(file);
}
