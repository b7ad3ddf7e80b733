import { createReadStream, createWriteStream, WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Text written piece by piece to a file on local disk while the memories stream by (the guestbook, the CSV),
 * then read back into the archive: its size never sits in memory.
 */
export class TempTextFile {
  readonly path = join(tmpdir(), `mw-keepsake-${randomUUID()}`);
  private readonly out: WriteStream = createWriteStream(this.path);

  async write(text: string): Promise<void> {
    if (!this.out.write(text)) await once(this.out, 'drain');
  }

  async close(): Promise<void> {
    if (this.out.closed) return;
    this.out.end();
    await once(this.out, 'close');
  }

  async read(): Promise<Readable> {
    await this.close();
    return createReadStream(this.path);
  }

  async remove(): Promise<void> {
    this.out.destroy();
    await rm(this.path, { force: true });
  }
}
