import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import S3rver from '@20minutes/s3rver';
import { Client } from 'pg';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient } from '@memory-wall/testkit/http';
import { gpsTaggedJpeg, multipart } from '@memory-wall/testkit/images';
import { processed } from '@memory-wall/testkit/memories';
import { freePort, RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

const ROOT = resolve(__dirname, '../../..');
const run = promisify(execFile);

/** scripts/backup.mjs as an operator runs it, with the deployment's environment. */
const backupScript = (env: Record<string, string>, ...args: string[]) =>
  run(process.execPath, [join(ROOT, 'scripts/backup.mjs'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
  });

/** Where the media live, and how they are lost in the disaster. */
interface MediaStore {
  env: Record<string, string>;
  lose(): Promise<void>;
  stop(): Promise<void>;
}

function localDisk(scratch: string): MediaStore {
  const dir = join(scratch, 'storage');
  return {
    env: { STORAGE_DIR: dir },
    lose: async () => rmSync(dir, { recursive: true, force: true }),
    stop: async () => undefined,
  };
}

/** The local S3 fake; losing it is a new, empty server at the same address. */
async function s3(scratch: string): Promise<MediaStore> {
  const port = await freePort();
  let generation = 0;
  const start = async () => {
    const directory = join(scratch, `s3-${++generation}`);
    mkdirSync(directory);
    const server = new S3rver({ port, address: '127.0.0.1', directory, silent: true });
    await server.run();
    return server;
  };
  let server = await start();
  return {
    env: {
      S3_ENDPOINT: '127.0.0.1',
      S3_PORT: String(port),
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_BUCKET: 'mw-backup-test',
    },
    async lose() {
      await server.close();
      server = await start();
    },
    stop: () => server.close(),
  };
}

describe.each([
  ['local disk', localDisk],
  ['S3', s3],
])(
  'backup and restore (scripts/backup.mjs) with media on %s: the restored installation serves the same walls',
  (_, makeStore) => {
    let t: TestEnvironment;
    let store: MediaStore;
    let env: Record<string, string>;
    let api: RunningProcess | undefined;
    let workers: RunningProcess | undefined;
    const scratch = mkdtempSync(join(tmpdir(), 'mw-backup-test-'));
    const backupDir = join(scratch, 'backup');

    beforeAll(async () => {
      t = await createTestEnvironment();
      store = await makeStore(scratch);
      env = { ...t.env, ...store.env };
    });

    afterAll(async () => {
      await Promise.all([api?.stop(), workers?.stop()]);
      await store?.stop();
      await t?.cleanup();
      rmSync(scratch, { recursive: true, force: true });
    });

    async function dropDatabase(url: string) {
      const admin = new URL(url);
      const name = admin.pathname.slice(1);
      admin.pathname = '/postgres';
      const client = new Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query(`DROP DATABASE "${name}" WITH (FORCE)`);
      await client.end();
    }

    const wallOf = async (eventId: string) => {
      const res = await fetch(`${api!.url}/api/events/${eventId}/memories`);
      expect(res.status).toBe(200);
      return res.json();
    };
    const bytesOf = async (url: string) => {
      const res = await fetch(`${api!.url}${url}`);
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };

    it('dumps the database and the media, and after both are gone restores them so the API serves the same wall and photo bytes', async () => {
      api = await startApi(env);
      workers = startWorkers(env);
      const event = await createEvent(t.dataSource);
      const guest = new ApiClient(api.url);
      const message = await guest.post(`/api/events/${event.id}/submissions/message`, {
        name: 'Grandpa',
        message: 'Kept for ever',
      });
      const photo = await guest.post(
        `/api/events/${event.id}/submissions/photo`,
        multipart('photo', await gpsTaggedJpeg(1200, 800), 'IMG_0002.JPG', { name: 'Aunt May' }),
      );
      expect([message.status, photo.status]).toEqual([201, 201]);
      await processed(t.dataSource, message.body.memory.id);
      const photoMemory = await processed(t.dataSource, photo.body.memory.id);
      expect(photoMemory.approved).toBe(true);

      const wallBefore = await wallOf(event.id);
      expect(wallBefore.memories).toHaveLength(2);
      const renditions = [photoMemory.media!.card.url, photoMemory.media!.full.url];
      const bytesBefore = await Promise.all(renditions.map(bytesOf));

      await backupScript(env, 'backup', backupDir);

      // Disaster: the API and workers stop, the database and the media are gone.
      await Promise.all([api.stop(), workers.stop()]);
      await t.dataSource.destroy();
      await dropDatabase(t.env.DATABASE_URL);
      await store.lose();

      const { stdout } = await backupScript(env, 'restore', backupDir);
      expect(stdout).toMatch(/Restored the backup of .* media objects/);
      await t.dataSource.initialize();

      api = await startApi(env);
      expect(await wallOf(event.id)).toEqual(wallBefore);
      expect(await Promise.all(renditions.map(bytesOf))).toEqual(bytesBefore);
    });

    it('refuses to restore over a database that has tables unless told to replace it', async () => {
      await api?.stop();
      await t.dataSource.destroy();
      await expect(backupScript(env, 'restore', backupDir)).rejects.toMatchObject({
        stderr: expect.stringContaining('is not empty'),
      });
      const { stdout } = await backupScript(env, 'restore', backupDir, '--replace');
      expect(stdout).toContain('Restored the backup');
      await t.dataSource.initialize();
    });
  },
);
