import PDFDocument from 'pdfkit';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { clockLength, KeepsakeKind, MemoryType } from '@memory-wall/contracts';
import { Event, isFeaturedImageOf, mediaKey, Memory, ObjectStorage } from '@memory-wall/core';
import type { KeepsakeContext, WrittenKeepsake } from './archive-writer';
import { bookFont } from './book-font';
import { ByteCounter } from './byte-counter';
import { memoriesInOrder } from './keepsake-memories';

const PAPER: Record<Exclude<KeepsakeKind, 'zip'>, string> = {
  [KeepsakeKind.BookA4]: 'A4',
  [KeepsakeKind.BookLetter]: 'LETTER',
};
const MARGIN = 56; // points: 2 cm, inside every printer's unprintable edge
/** Pixels of the long side an image is printed from: 300 dpi over the text width of either paper. */
const PRINT_PIXELS = 2000;
/** Bytes the PDF may run ahead of storage before the writer waits for it. */
const AHEAD_LIMIT = 8 * 1024 * 1024;

/**
 * The event's memory book (PDFKit): a cover with the event's name, date and featured image, then each memory
 * in order with its author, message and photo or drawing (the full rendition, printed as JPEG or PNG), in
 * Noto Sans SC (Latin and Chinese). Streamed into storage as it is written.
 */
export async function writeBook(
  ctx: KeepsakeContext,
  key: string,
  kind: Exclude<KeepsakeKind, 'zip'>,
): Promise<WrittenKeepsake> {
  const doc = new PDFDocument({
    size: PAPER[kind],
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: ctx.event.name, Creator: 'Memory Wall' },
  });
  const out = new ByteCounter();
  doc.pipe(out);
  const stored = ctx.storage.put(key, out, 'application/pdf');
  const missing: string[] = [];
  try {
    // PDFKit's types list paths and bytes only; it takes a parsed fontkit font as well (its changelog, 0.15).
    doc.registerFont('text', bookFont() as unknown as PDFKit.Mixins.PDFFontSource);
    doc.font('text');
    await cover(doc, ctx.storage, ctx.event);
    doc.addPage();
    let position = 0;
    for await (const memory of memoriesInOrder(ctx.memories, ctx.event.id)) {
      position++;
      await page(doc, ctx.storage, memory, missing);
      await ctx.progress(position);
      // PDFKit does not wait for its reader: let storage catch up before writing more.
      while (doc.readableLength + out.readableLength > AHEAD_LIMIT && !out.destroyed) await sleep(5);
    }
    doc.end();
    await stored;
    return { size: out.bytes, missing };
  } catch (err) {
    out.destroy(err instanceof Error ? err : new Error(String(err)));
    await stored.catch(() => undefined);
    throw err;
  }
}

async function cover(doc: PDFKit.PDFDocument, storage: ObjectStorage, event: Event) {
  doc.addPage();
  const width = doc.page.width - 2 * MARGIN;
  doc.moveDown(4).fontSize(32).text(event.name, { align: 'center', width });
  if (event.eventDate)
    doc
      .moveDown(0.5)
      .fontSize(16)
      .fillColor('#555')
      .text(event.eventDate.toISOString().slice(0, 10), { align: 'center', width })
      .fillColor('black');
  const featured = [event.wallImage, event.eventImage].find((url) => url && isFeaturedImageOf(event.id, url));
  const image = featured ? await printable(storage, featured, 'jpeg') : null;
  if (image) {
    doc.moveDown(2);
    const height = doc.page.height - doc.y - MARGIN;
    doc.image(image, MARGIN, doc.y, { fit: [width, height], align: 'center' });
  }
}

async function page(doc: PDFKit.PDFDocument, storage: ObjectStorage, memory: Memory, missing: string[]) {
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;
  const caption =
    memory.type === MemoryType.Message || memory.type === MemoryType.Voice
      ? memory.content
      : (memory.photoCaption ?? memory.title ?? '');
  // A voice message says it is one (its recording is in the ZIP), then its transcript when there is one.
  const message =
    memory.type === MemoryType.Voice
      ? [`Voice message${memory.media?.audio ? ` (${clockLength(memory.media.audio.duration)})` : ''}`, caption]
          .filter(Boolean)
          .join('\n')
      : caption;
  const title = memory.title && memory.title !== caption ? memory.title : '';
  // A voice message is printed as its transcript: its waveform says nothing on paper.
  const full = memory.type === MemoryType.Voice ? undefined : memory.media?.full;
  const image = full ? await printable(storage, full.url, memory.type === MemoryType.Drawing ? 'png' : 'jpeg') : null;
  if (memory.type !== MemoryType.Message && memory.type !== MemoryType.Voice && !image)
    missing.push(`${full?.url ?? memory.id} (${memory.type} by ${memory.author})`);

  const maxImageHeight = (doc.page.height - 2 * MARGIN) * 0.6;
  const imageHeight = image && full ? Math.min(maxImageHeight, (width * full.height) / full.width) : 0;
  doc.fontSize(16);
  const nameHeight = doc.heightOfString(memory.author, { width }) + (title ? doc.heightOfString(title, { width }) : 0);
  doc.fontSize(12);
  const textHeight = message ? doc.heightOfString(message, { width }) : 0;
  const needed = nameHeight + imageHeight + Math.min(textHeight, 200) + 40;
  if (doc.y + needed > bottom && doc.y > MARGIN + 1) doc.addPage();

  doc.fontSize(16).fillColor('black').text(memory.author, { width });
  if (title) doc.fontSize(14).text(title, { width });
  doc.moveDown(0.3);
  if (image) {
    doc.image(image, MARGIN, doc.y, { fit: [width, imageHeight], align: 'center' });
    doc.y += imageHeight + 8;
  }
  if (message) doc.fontSize(12).text(message, MARGIN, doc.y, { width });
  doc
    .moveDown(0.3)
    .fontSize(9)
    .fillColor('#777')
    .text(memory.createdAt.toISOString().slice(0, 16).replace('T', ' ') + ' UTC', { width })
    .fillColor('black')
    .moveDown(1.5);
}

/** A stored image (by its /api/media/ address) as JPEG or PNG at print size, or null when storage lacks it. */
async function printable(storage: ObjectStorage, url: string, as: 'jpeg' | 'png'): Promise<Buffer | null> {
  const object = await storage.get(mediaKey(url));
  if (!object) return null;
  const input = await buffer(object.stream);
  const image = sharp(input).resize(PRINT_PIXELS, PRINT_PIXELS, { fit: 'inside', withoutEnlargement: true });
  return as === 'png'
    ? image.png().toBuffer()
    : image.flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
}
