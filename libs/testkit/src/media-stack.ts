import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from './http';
import { RunningProcess, startApi, startWorkers } from './processes';
import { createTestEnvironment, TestEnvironment } from './test-environment';

/**
 * An API and workers that keep media in a storage directory of their own and write temporary files to a
 * directory of their own (TMPDIR), for the media pipeline's tests: what they store and what they leave
 * behind can be looked at.
 */
export interface MediaStack {
  t: TestEnvironment;
  api: RunningProcess;
  workers: RunningProcess;
  /** The API's and workers' temporary directory, to see that nothing is left in it. */
  scratchDir: string;
  /** A client without a session. */
  guest(): ApiClient;
  postPhoto(eventId: string, form: FormData, client?: ApiClient): ReturnType<ApiClient['post']>;
  /** The files stored under `dir` of the storage directory (none when it does not exist). */
  filesUnder(dir: string): string[];
  stop(): Promise<void>;
}

export async function startMediaStack(): Promise<MediaStack> {
  const t = await createTestEnvironment();
  const storageDir = mkdtempSync(join(tmpdir(), 'mw-media-'));
  const scratchDir = mkdtempSync(join(tmpdir(), 'mw-scratch-'));
  const env = { ...t.env, STORAGE_DIR: storageDir, TMPDIR: scratchDir };
  const removeAll = async () => {
    await t.cleanup();
    rmSync(storageDir, { recursive: true, force: true });
    rmSync(scratchDir, { recursive: true, force: true });
  };
  const api = await startApi(env).catch(async (err: unknown) => {
    await removeAll();
    throw err;
  });
  const workers = startWorkers(env);
  const guest = () => new ApiClient(api.url);
  return {
    t,
    api,
    workers,
    scratchDir,
    guest,
    postPhoto: (eventId, form, client = guest()) => client.post(`/api/events/${eventId}/submissions/photo`, form),
    filesUnder(dir) {
      try {
        return readdirSync(join(storageDir, dir), { recursive: true }) as string[];
      } catch {
        return [];
      }
    },
    async stop() {
      await Promise.all([api.stop(), workers.stop()]);
      await removeAll();
    },
  };
}

/** Registers beforeAll/afterAll for a test file of the media pipeline; the returned stack is filled in before its tests run. */
export function useMediaStack(): MediaStack {
  const stack = {} as MediaStack;
  beforeAll(async () => void Object.assign(stack, await startMediaStack()));
  afterAll(() => stack.stop?.());
  return stack;
}
