import S3rver from '@20minutes/s3rver';
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { LocalDiskStorage, ObjectStorage, S3Storage } from '@memory-wall/core';
import { freePort } from '@memory-wall/testkit/processes';

/** The same contract for both adapters: local disk, and S3 through the minio client against a local S3 server. */
describe.each([
  [
    'local disk',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'mw-disk-'));
      return { storage: new LocalDiskStorage(dir), stop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'S3 (minio client → s3rver)',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'mw-s3-'));
      const port = await freePort();
      const server = new S3rver({ port, address: '127.0.0.1', directory: dir, silent: true });
      await server.run();
      const storage = new S3Storage({
        endPoint: '127.0.0.1',
        port,
        useSSL: false,
        accessKey: 'S3RVER',
        secretKey: 'S3RVER',
        bucket: 'memory-wall-test',
        region: 'us-east-1',
      });
      return {
        storage: storage,
        stop: async () => {
          await server.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
])('%s storage', (_, make) => {
  let storage: ObjectStorage;
  let stop: () => Promise<void>;

  beforeAll(async () => ({ storage, stop } = await make()));
  afterAll(() => stop?.());

  it('stores a buffer and gives it back with its content type and size', async () => {
    await storage.put('public/a/one.webp', Buffer.from('webp-bytes'), 'image/webp');
    const object = await storage.get('public/a/one.webp');
    expect(object).toMatchObject({ contentType: 'image/webp', size: 10 });
    expect(await text(object!.stream)).toBe('webp-bytes');
  });

  it('stores a stream of known size', async () => {
    // Uploads are streamed from the temporary file they were received into.
    const content = Array.from({ length: 5000 }, (_, i) => `chunk-${i};`).join('');
    const file = join(mkdtempSync(join(tmpdir(), 'mw-src-')), 'upload');
    writeFileSync(file, content);
    await storage.put('originals/b/two.jpg', createReadStream(file), 'image/jpeg', statSync(file).size);
    const object = await storage.get('originals/b/two.jpg');
    expect(await text(object!.stream)).toBe(content);
  });

  it('answers null for a missing key, and after removal', async () => {
    expect(await storage.get('public/none.webp')).toBeNull();
    await storage.put('public/gone.webp', Buffer.from('x'), 'image/webp');
    await storage.remove('public/gone.webp');
    expect(await storage.get('public/gone.webp')).toBeNull();
  });
});
