import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export interface PdfPage {
  text: string;
  images: number;
}

/** A PDF's pages read back by PDF.js (through pdf-parse, in a process of its own: see read-pdf.mjs). */
export async function readPdf(pdf: Buffer): Promise<PdfPage[]> {
  const dir = await mkdtemp(join(tmpdir(), 'mw-pdf-'));
  try {
    const file = join(dir, 'read.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)(process.execPath, [resolve(__dirname, 'read-pdf.mjs'), file], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return (JSON.parse(stdout) as { pages: PdfPage[] }).pages;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
