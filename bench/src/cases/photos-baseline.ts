import { mkdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import decodeHeif from 'heic-decode';
import sharp from 'sharp';

/**
 * Baseline of photo processing: raw sharp in one script, producing the same renditions (WebP, quality
 * 82, longest edge 800 and 1920, auto-oriented) from the same files, written to disk, as many at a time
 * as the workers' WORKER_CONCURRENCY. The runner drives it over IPC: {cmd:'run', files, concurrency, outDir}.
 * A HEIC (.heic) is decoded by heic-decode first, as the workers do, and its pixels given to sharp.
 */

const EDGES = { card: 800, full: 1920 };

async function decoded(file: string) {
  const input = await readFile(file);
  if (!file.endsWith('.heic')) return () => sharp(input).rotate();
  const { width, height, data } = await decodeHeif({ buffer: input });
  const pixels = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return () => sharp(pixels, { raw: { width, height, channels: 4 } });
}

async function one(file: string, outDir: string, n: number) {
  const source = await decoded(file);
  await Promise.all(
    Object.entries(EDGES).map(async ([name, edge]) => {
      const data = await source()
        .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      await writeFile(resolve(outDir, `${n}-${name}.webp`), data);
    }),
  );
}

interface RunCommand {
  cmd: 'run';
  files: string[];
  concurrency: number;
  outDir: string;
}

process.on('message', (message: RunCommand) => void run(message));

async function run(message: RunCommand) {
  if (message.cmd !== 'run') return;
  mkdirSync(message.outDir, { recursive: true });
  const t0 = performance.now();
  const doneAt: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: message.concurrency }, async () => {
      while (next < message.files.length) {
        const n = next++;
        await one(message.files[n], message.outDir, n);
        doneAt[n] = performance.now() - t0;
      }
    }),
  );
  rmSync(message.outDir, { recursive: true, force: true });
  process.send!({ cmd: 'done', totalMs: performance.now() - t0, doneAt });
}
process.on('SIGTERM', () => process.exit(0));
process.send!({ cmd: 'ready' });
