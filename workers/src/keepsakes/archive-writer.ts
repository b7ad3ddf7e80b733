import archiver, { Archiver } from 'archiver';
import { stringify } from 'csv-stringify/sync';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { clockLength, MemoryType } from '@memory-wall/contracts';
import {
  audioKey,
  Event,
  keptImage,
  mediaKey,
  Memory,
  MemoryRepository,
  ObjectStorage,
  originalKey,
  UnsupportedImageError,
  videoKey,
} from '@memory-wall/core';
import { ByteCounter } from './byte-counter';
import { entryName, escapeHtml, memoriesInOrder } from './keepsake-memories';
import { TempTextFile } from './temp-text-file';

export interface KeepsakeContext {
  storage: ObjectStorage;
  memories: MemoryRepository;
  event: Event;
  /** How many memories there are (for progress). */
  total: number;
  /** Called after each memory with how many are done. */
  progress: (done: number) => Promise<void>;
}

export interface WrittenKeepsake {
  size: number;
  missing: string[];
}

const CSV_COLUMNS = ['number', 'type', 'name', 'title', 'message', 'file', 'submitted_at', 'id'];
/**
 * One line of memories.csv. A guest's text that starts like a formula (=, +, -, @, tab, CR) gets a leading
 * `'`, so a spreadsheet shows it as text instead of running it (=HYPERLINK(…) sending the host elsewhere).
 */
const csvLine = (row: unknown[]) => stringify([row], { escape_formulas: true });

/**
 * The event's ZIP: the approved memories by type (photos/ and drawings/ at full size without their metadata,
 * see keptImage; videos/ holds each clip as the MP4 every player plays, with its poster frame, voices/ each
 * voice message), every memory in a printable guestbook.html that shows the pictures and plays the clips and
 * voices beside it, every memory in memories.csv, and report.txt (what storage no longer had). Streamed from storage into storage one entry at a time (a picture is held in memory
 * while it is encoded again; clips and voices pass as they are), so memory stays flat for any size; archiver
 * switches to ZIP64 past 4 GB or 65,535 entries.
 */
export async function writeArchive(ctx: KeepsakeContext, key: string): Promise<WrittenKeepsake> {
  const archive = archiver('zip', { zlib: { level: 6 } });
  const counted = new ByteCounter();
  archive.pipe(counted);
  const stored = ctx.storage.put(key, counted, 'application/zip');
  // Storage failing ends the build even while an entry waits for it.
  const storeFailed = stored.then(
    () => new Promise<never>(() => undefined),
    (err: unknown) => Promise.reject(err instanceof Error ? err : new Error(String(err))),
  );
  const add = async (
    source: Readable | Buffer | string,
    name: string,
    options: { store?: boolean; date?: Date } = {},
  ) => {
    const added = once(archive, 'entry');
    archive.append(source, { name, ...options });
    await Promise.race([added, storeFailed]);
  };

  const guestbook = new TempTextFile();
  const csv = new TempTextFile();
  const missing: string[] = [];
  try {
    await guestbook.write(guestbookHead(ctx.event));
    await csv.write(csvLine(CSV_COLUMNS));
    let position = 0;
    for await (const memory of memoriesInOrder(ctx.memories, ctx.event.id)) {
      position++;
      let file = '';
      if (memory.type !== MemoryType.Message) {
        // A clip as every player plays it (its original may be any phone's container and codec).
        const key =
          memory.type === MemoryType.Video
            ? videoKey(memory.eventId, memory.id)
            : memory.type === MemoryType.Voice
              ? audioKey(memory.eventId, memory.id)
              : originalKey(memory.eventId, memory.id);
        const original = await ctx.storage.get(key);
        if (!original) {
          missing.push(`${key} (${memory.type} by ${memory.author})`);
        } else if (memory.type === MemoryType.Photo || memory.type === MemoryType.Drawing) {
          // A guest's original may carry where and with what it was taken: the host keeps the picture only.
          const kept = await keptImage(await buffer(original.stream)).catch((err: unknown) => {
            if (!(err instanceof UnsupportedImageError)) throw err;
            missing.push(`${key} (${memory.type} by ${memory.author}: ${err.message})`);
            return null;
          });
          if (kept) {
            file = entryName(memory, position, kept.contentType);
            await add(kept.data, file, { store: true, date: memory.createdAt });
          }
        } else {
          file = entryName(memory, position, original.contentType);
          await add(original.stream, file, { store: true, date: memory.createdAt });
        }
      }
      // What the screens showed of a clip, for the guestbook (and a printout of it): its poster frame.
      let poster = '';
      const posterObject =
        memory.type === MemoryType.Video && file && memory.media?.full
          ? await ctx.storage.get(mediaKey(memory.media.full.url))
          : null;
      if (posterObject) {
        poster = entryName(memory, position, posterObject.contentType).replace(/(\.\w+)$/, '-poster$1');
        await add(posterObject.stream, poster, { store: true, date: memory.createdAt });
      }
      await guestbook.write(guestbookEntry(memory, file, poster));
      await csv.write(
        csvLine([position, memory.type, memory.author, memory.title ?? '', text(memory), file, iso(memory), memory.id]),
      );
      await ctx.progress(position);
    }
    await guestbook.write('</main></body></html>\n');
    await add(await guestbook.read(), 'guestbook.html');
    await add(await csv.read(), 'memories.csv');
    await add(report(ctx, missing), 'report.txt');
    await Promise.race([archive.finalize(), storeFailed]);
    await stored;
    return { size: counted.bytes, missing };
  } catch (err) {
    abort(archive, counted, err);
    await stored.catch(() => undefined);
    throw err;
  } finally {
    await Promise.all([guestbook.remove(), csv.remove()]);
  }
}

function abort(archive: Archiver, out: ByteCounter, err: unknown) {
  archive.abort();
  // The storage's half-written object is discarded (local disk: a temp file; S3: an unfinished upload).
  out.destroy(err instanceof Error ? err : new Error(String(err)));
}

const text = (memory: Memory) =>
  memory.type === MemoryType.Message || memory.type === MemoryType.Voice
    ? memory.content
    : (memory.photoCaption ?? memory.title ?? '');
const iso = (memory: Memory) => memory.createdAt.toISOString();

function guestbookHead(event: Event): string {
  const name = escapeHtml(event.name);
  return `<!doctype html>
<html lang="${escapeHtml(event.defaultLanguage)}"><head><meta charset="utf-8"><title>${name}</title>
<style>
body { font-family: "Noto Sans", "Noto Sans SC", system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
h1 { text-align: center; }
article { break-inside: avoid; border-bottom: 1px solid #ddd; padding: 1rem 0; }
article p { white-space: pre-wrap; font-size: 1.1rem; }
article img, article video { display: block; max-width: 100%; max-height: 60vh; }
article audio { width: 100%; }
article .kind { font-style: italic; }
article .file { color: #666; font-size: .8rem; }
@media print { article audio, article .file { display: none; } }
footer { color: #666; font-size: .9rem; }
</style></head><body><main>
<h1>${name}</h1>
`;
}

/** Every memory with what it holds: its title, its text, its picture, or its clip or voice to play (and print). */
function guestbookEntry(memory: Memory, file: string, poster: string): string {
  const when = memory.createdAt.toISOString().slice(0, 16).replace('T', ' ');
  const src = escapeHtml(file);
  let body = '';
  if (memory.type === MemoryType.Message) body = `<p>${escapeHtml(memory.content)}</p>`;
  else if (file && (memory.type === MemoryType.Photo || memory.type === MemoryType.Drawing))
    body = `<img src="${src}" alt="">`;
  else if (file && memory.type === MemoryType.Video)
    body = `<video src="${src}" controls preload="none"${poster ? ` poster="${escapeHtml(poster)}"` : ''}></video><p class="file">${src}</p>`;
  else if (memory.type === MemoryType.Voice) {
    const length = memory.media?.audio ? ` (${clockLength(memory.media.audio.duration)})` : '';
    body = `<p class="kind">Voice message${length}</p>${file ? `<audio src="${src}" controls preload="none"></audio><p class="file">${src}</p>` : ''}`;
  }
  const caption = memory.type !== MemoryType.Message && text(memory) ? `<p>${escapeHtml(text(memory))}</p>` : '';
  const title = memory.title && memory.title !== text(memory) ? `<h3>${escapeHtml(memory.title)}</h3>` : '';
  return `<article><h2>${escapeHtml(memory.author)}</h2>${title}${body}${caption}<footer>${when} UTC</footer></article>\n`;
}

function report(ctx: KeepsakeContext, missing: string[]): string {
  const lines = [
    `Keepsake of ${ctx.event.name}`,
    `Memories: ${ctx.total}`,
    missing.length
      ? `Missing from storage (left out, everything else is here): ${missing.length}`
      : 'Every memory is here.',
    ...missing.map((m) => `- ${m}`),
  ];
  return `${lines.join('\n')}\n`;
}
