import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { probeVideo, runVideoTool } from '@memory-wall/core';
import { transcodeArgs } from '../../../workers/src/media/transcode-args';

/**
 * Baseline of video processing: ffmpeg run directly on the same file with the workers' own settings
 * (transcodeArgs: H.264/AAC at most 720p, +faststart, no metadata) and limits, nothing else around it.
 * The runner drives it over IPC: {cmd:'run', file, threads, outDir} → {totalMs}.
 */

interface RunCommand {
  cmd: 'run';
  file: string;
  threads: number;
  outDir: string;
}

const LIMITS = { timeoutMs: 600_000, memoryMb: 2048 };

process.on('message', (message: RunCommand) => void run(message));

async function run(message: RunCommand) {
  if (message.cmd !== 'run') return;
  const dir = mkdtempSync(join(message.outDir, 'ffmpeg-'));
  try {
    const limits = { ...LIMITS, threads: message.threads };
    const t0 = performance.now();
    const facts = await probeVideo(message.file, limits);
    await runVideoTool('ffmpeg', transcodeArgs(message.file, join(dir, 'clip.mp4'), facts, message.threads), limits);
    process.send!({ totalMs: performance.now() - t0 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

process.send!({ ready: true });
