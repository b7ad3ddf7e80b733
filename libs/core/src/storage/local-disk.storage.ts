import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { ObjectStorage, StoredObject } from './object-storage';

export class InvalidStorageKey extends Error {}

/** Objects as files under one directory (the default when no S3 is configured); content types beside them. */
export class LocalDiskStorage extends ObjectStorage {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  private path(key: string) {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new InvalidStorageKey(key);
    return path;
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Write aside, then rename: a reader never sees half a file.
    const temp = `${path}.${randomUUID()}.tmp`;
    if (Buffer.isBuffer(body)) await writeFile(temp, body);
    else await pipeline(body, createWriteStream(temp));
    await writeFile(`${path}.type`, contentType);
    await rename(temp, path);
  }

  async get(key: string): Promise<StoredObject | null> {
    const path = this.path(key);
    try {
      const [info, contentType] = await Promise.all([stat(path), readFile(`${path}.type`, 'utf8')]);
      return { stream: createReadStream(path), contentType, size: info.size };
    } catch (err) {
      // No such file, or a key no file could have (too long, a file where a folder would be).
      if (['ENOENT', 'ENAMETOOLONG', 'ENOTDIR', 'EISDIR'].includes((err as NodeJS.ErrnoException).code ?? ''))
        return null;
      throw err;
    }
  }

  downloadUrl(): Promise<string | null> {
    return Promise.resolve(null);
  }

  localFile(key: string): { root: string; path: string } {
    this.path(key);
    return { root: this.root, path: key };
  }

  async removeFolder(folder: string): Promise<void> {
    await rm(this.path(folder), { recursive: true, force: true });
  }

  async remove(key: string): Promise<void> {
    const path = this.path(key);
    await Promise.all([rm(path, { force: true }), rm(`${path}.type`, { force: true })]);
  }
}
