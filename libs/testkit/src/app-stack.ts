import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeOpenAi } from './fake-openai';
import { ApiClient } from './http';
import { connectLive, LiveClient, settle } from './live-client';
import { RunningProcess, startApi, startWorkers } from './processes';
import { SmtpInbox } from './smtp-inbox';
import { createTestEnvironment, TestEnvironment } from './test-environment';

type Env = Record<string, string>;

export interface AppStackOptions {
  /**
   * Variables for the API and the workers on top of the test environment's, asked for once it exists
   * (fakes of outside services can be started here and their addresses given).
   */
  env?: (t: TestEnvironment) => Env | Promise<Env>;
  /** Variables for the workers only, on top of `env`'s, asked for once the API is up. */
  workersEnv?: (t: TestEnvironment) => Env | Promise<Env>;
  /**
   * Variables (such as STORAGE_DIR, TMPDIR) that each get a new temporary directory, for both processes,
   * removed after the environment is dropped: what the processes store or leave there can be looked at.
   */
  tempDirs?: string[];
  /**
   * A fake OpenAI, started before the processes and stopped after them: its address and a key are given to
   * both processes, or to the workers only (the API then says AI moderation is not available).
   */
  openai?: { fake: FakeOpenAi; workersOnly?: boolean };
  /** Whether the workers send their mail to an SMTP inbox of this file's own (`stack.inbox`). */
  inbox?: boolean;
  /** Whether to start a workers process too (default true). */
  workers?: boolean;
  /** Stops what `env` started; called after the API and workers stop, before the environment is dropped. */
  stop?: () => Promise<unknown>;
}

/** A test file's own database and Redis prefix, with an API and (unless asked not to) a workers process on them. */
export interface AppStack {
  t: TestEnvironment;
  api: RunningProcess;
  /** Undefined when started with `workers: false`. */
  workers: RunningProcess | undefined;
  /** The temporary directories asked for in `tempDirs`, by variable. */
  dirs: Record<string, string>;
  /** The live feeds the tests open, closed before the processes stop. */
  sockets: LiveClient[];
  /** The SMTP inbox the workers mail to, when asked for with `inbox: true`. */
  inbox: SmtpInbox;
  /** A client without a session. */
  guest(): ApiClient;
  /** The event's public feed and, with the host's session, its hosts' feed, both settled in. */
  watch(eventId: string, host: ApiClient): Promise<{ publicFeed: LiveClient; hostFeed: LiveClient }>;
  /** What the API serves at `url` (a path), to anyone. */
  served(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }>;
}

/**
 * Registers beforeAll/afterAll for an integration test file: a test environment, the API and the workers
 * started on it; after the tests, the feeds closed, the processes stopped, `stop` called, the environment
 * dropped. The returned stack is filled in before the file's tests run.
 */
export function useAppStack(options: AppStackOptions = {}): AppStack {
  const stack: AppStack = {
    t: undefined as unknown as TestEnvironment,
    api: undefined as unknown as RunningProcess,
    workers: undefined,
    dirs: {},
    sockets: [],
    inbox: undefined as unknown as SmtpInbox,
    guest: () => new ApiClient(stack.api.url),
    async watch(eventId, host) {
      const ws = stack.api.url.replace('http', 'ws');
      const publicFeed = await connectLive(`${ws}/ws?eventId=${eventId}`);
      const hostFeed = await connectLive(`${ws}/ws?eventId=${eventId}`, undefined, host.cookie);
      stack.sockets.push(publicFeed, hostFeed);
      await settle();
      return { publicFeed, hostFeed };
    },
    async served(url) {
      const response = await fetch(`${stack.api.url}${url}`);
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        bytes: Buffer.from(await response.arrayBuffer()),
      };
    },
  };
  const openaiEnv = async (): Promise<Env> =>
    options.openai ? { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: await options.openai.fake.start() } : {};

  beforeAll(async () => {
    stack.t = await createTestEnvironment();
    for (const name of options.tempDirs ?? []) {
      stack.dirs[name] = mkdtempSync(join(tmpdir(), `mw-${name.toLowerCase().replace(/_/g, '-')}-`));
    }
    const fakes = await openaiEnv();
    if (options.inbox) stack.inbox = await SmtpInbox.start();
    const both = options.openai?.workersOnly ? {} : fakes;
    const env = { ...stack.t.env, ...stack.dirs, ...both, ...(await options.env?.(stack.t)) };
    stack.api = await startApi(env);
    if (options.workers === false) return;
    const mail: Env = options.inbox ? { SMTP_URL: stack.inbox.url } : {};
    stack.workers = startWorkers({ ...env, ...fakes, ...mail, ...(await options.workersEnv?.(stack.t)) });
  });

  afterAll(async () => {
    stack.sockets.forEach((s) => s.close());
    await Promise.all([stack.api?.stop(), stack.workers?.stop()]);
    await options.openai?.fake.stop();
    await stack.inbox?.stop();
    await options.stop?.();
    await stack.t?.cleanup();
    for (const dir of Object.values(stack.dirs)) rmSync(dir, { recursive: true, force: true });
  });

  return stack;
}
