import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { In } from 'typeorm';
import { LiveMessageType, memoryIdOf } from '@memory-wall/contracts';
import { Memory } from '@memory-wall/core';
import { createAccount, makeEventAdmin } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { FlakyOpenAi } from '@memory-wall/testkit/flaky-openai';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { gpsTaggedJpeg, multipart } from '@memory-wall/testkit/images';
import { connectLive, LiveClient, settle } from '@memory-wall/testkit/live-client';
import { processed } from '@memory-wall/testkit/memories';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';
import { FaultScenario, pool, sleep } from './scenario';

const MESSAGES = 30;
const PHOTOS = 6;
const FLAG_EVERY = 6; // every 6th submission asks to be flagged
const OUTAGE_MS = 20_000;
const HELD_REASON = 'ai_unavailable';

const scenario = new FaultScenario({
  id: 7,
  title: 'AI moderation outage',
  tried:
    `An AI-moderated event; the OpenAI fake fails every request for ${OUTAGE_MS / 1000} s, rotating 500, 429 and time-outs (OPENAI_TIMEOUT_MS=500), ` +
    `while guests submit ${MESSAGES} messages and ${PHOTOS} photos (one in ${FLAG_EVERY} worded to be flagged); then it recovers. ` +
    "A public socket, a hosts' socket and the public wall are watched throughout (AI_RETRY_DELAY_MS=1000).",
});

describe('fault 7: AI moderation outage (500, 429 and time-outs, then recovery)', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let workers: RunningProcess;
  let storageDir: string;
  const openai = new FlakyOpenAi(5_000);
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    t = await createTestEnvironment();
    storageDir = mkdtempSync(join(tmpdir(), 'mw-fault-ai-'));
    const env = { ...t.env, STORAGE_DIR: storageDir, SUBMISSIONS_PER_MINUTE: '100000' };
    api = await startApi(env);
    workers = startWorkers({
      ...env,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: await openai.start(),
      OPENAI_TIMEOUT_MS: '500',
      AI_RETRY_DELAY_MS: '1000',
      WORKER_CONCURRENCY: '4',
    });
  }, 120_000);

  afterAll(async () => {
    scenario.save();
    sockets.forEach((c) => c.close());
    await Promise.all([api?.stop(), workers?.stop()]);
    await openai.stop();
    await t?.cleanup();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  }, 60_000);

  const approvals = (client: LiveClient) => client.messages.filter((m) => m.type === LiveMessageType.MemoryApproved);
  const idOf = memoryIdOf;

  it(
    'publishes nothing unmoderated while OpenAI is down, and moderates everything once it is back',
    () =>
      scenario.run(async (s) => {
        const provider = await createAccount(t.dataSource, 'service_provider');
        const customer = await createAccount(t.dataSource, 'customer');
        const event = await createEvent(t.dataSource, {
          serviceProviderId: provider.provider!.id,
          moderationType: 'ai_moderation',
        });
        await makeEventAdmin(t.dataSource, customer.user.id, event.id);
        const host = await signedIn(api.url, customer);
        const ws = api.url.replace('http', 'ws');
        const publicFeed = await connectLive(`${ws}/ws?eventId=${event.id}`);
        const hostFeed = await connectLive(`${ws}/ws?eventId=${event.id}`, undefined, host.cookie);
        sockets.push(publicFeed, hostFeed);
        await settle(500);
        const guest = new ApiClient(api.url);
        const wall = async () =>
          ((await guest.get(`/api/events/${event.id}/memories`)).body.memories as Array<{ id: string }>).map(
            (m) => m.id,
          );

        // Before: AI moderation answers, and approves.
        const first = await guest.post(`/api/events/${event.id}/submissions/message`, {
          name: 'Before',
          message: 'All is well',
        });
        expect(await processed(t.dataSource, first.body.memory.id)).toMatchObject({ approved: true });
        await publicFeed.next((m) => idOf(m) === first.body.memory.id);

        // The outage.
        openai.mode = 'outage';
        const outageStart = Date.now();
        const photo = await gpsTaggedJpeg(800, 600);
        const submissions = await pool(
          6,
          Array.from({ length: MESSAGES + PHOTOS }, (_, i) => async () => {
            const flag = i % FLAG_EVERY === FLAG_EVERY - 1;
            const words = flag ? `FLAGME number ${i}` : `Congratulations number ${i}`;
            const res =
              i < PHOTOS
                ? await guest.post(
                    `/api/events/${event.id}/submissions/photo`,
                    multipart('photo', photo, `p${i}.jpg`, { name: `Guest ${i}`, photoCaption: words }),
                  )
                : await guest.post(`/api/events/${event.id}/submissions/message`, {
                    name: `Guest ${i}`,
                    message: words,
                  });
            expect(res.status).toBe(201);
            return { id: res.body.memory.id as string, flag };
          }),
        );
        const ids = submissions.map((x) => x.id);
        const repo = t.dataSource.getRepository(Memory);
        await waitFor(
          async () => (await repo.countBy({ id: In(ids), processingState: 'ready' })) === ids.length,
          60_000,
          'every submission to be processed (held)',
        );
        const heldAt = Date.now();
        const held = await repo.findBy({ id: In(ids) });
        s.key(
          'submissions during the outage (messages / photos / worded to be flagged)',
          `${ids.length} (${MESSAGES} / ${PHOTOS} / ${submissions.filter((x) => x.flag).length})`,
        );
        expect(held.every((m) => !m.approved && m.moderation?.reason === HELD_REASON)).toBe(true);
        s.holds(`all ${ids.length} submissions were held for a human ("${HELD_REASON}") while OpenAI failed`);
        await hostFeed
          .next((m) => m.type === LiveMessageType.NewMemory && idOf(m) === ids[ids.length - 1], 20_000)
          .catch(() => undefined);
        const hostsSaw = new Set(hostFeed.messages.filter((m) => m.type === LiveMessageType.NewMemory).map(idOf));
        s.figure(
          "held memories the hosts' socket was told of",
          `${ids.filter((id) => hostsSaw.has(id)).length} of ${ids.length}`,
        );

        // The outage goes on (the re-reviews keep failing); the public sees nothing new, on the socket or the wall.
        await sleep(Math.max(0, outageStart + OUTAGE_MS - Date.now()));
        const publicDuringOutage = approvals(publicFeed).filter((m) => m.ts >= outageStart);
        const wallDuringOutage = await wall();
        s.figure(
          'OpenAI answers during the outage (500 / 429 / time-out)',
          `${openai.answered['500']} / ${openai.answered['429']} / ${openai.answered.timeout}`,
        );
        s.key(
          'public approvals during the outage (socket / wall)',
          `${publicDuringOutage.length} / ${wallDuringOutage.length - 1}`,
        );
        s.figure('outage', Math.round((Date.now() - outageStart) / 100) / 10, 's');
        s.figure('all submissions held after outage start', Math.round((heldAt - outageStart) / 100) / 10, 's');
        expect(openai.answered['500']).toBeGreaterThan(0);
        expect(openai.answered['429']).toBeGreaterThan(0);
        expect(openai.answered.timeout).toBeGreaterThan(0);
        expect(publicDuringOutage).toEqual([]);
        expect(wallDuringOutage).toEqual([first.body.memory.id]);
        expect((await repo.findBy({ id: In(ids) })).every((m) => !m.approved)).toBe(true);
        s.holds(
          'nothing was published unmoderated: no approval on the public socket, nothing new on the public wall, no memory approved in the database while OpenAI was down',
        );

        // Recovery.
        const answeredBefore = openai.answered.ok;
        openai.mode = 'ok';
        const recovered = Date.now();
        const clean = submissions.filter((x) => !x.flag).map((x) => x.id);
        const flagged = submissions.filter((x) => x.flag).map((x) => x.id);
        const decided = async () => {
          const rows = await repo.findBy({ id: In(ids) });
          return rows.filter((m) => (m.approved && !m.flagged) || m.moderation?.reason === 'ai_flagged').length;
        };
        await waitFor(
          async () => (await decided()) === ids.length,
          90_000,
          'AI moderation to decide every held memory',
        ).catch(async (err) => {
          s.figure('still undecided at the time-out', ids.length - (await decided()));
          throw err;
        });
        s.key('moderated after recovery', Math.round((Date.now() - recovered) / 100) / 10, 's');
        const rows = await repo.findBy({ id: In(ids) });
        const approvedIds = rows
          .filter((m) => m.approved)
          .map((m) => m.id)
          .sort();
        const stillHeld = rows.filter((m) => !m.approved);
        s.key('approved / held as flagged', `${approvedIds.length} / ${stillHeld.length}`);
        s.figure('re-review requests answered after recovery', openai.answered.ok - answeredBefore);
        expect(approvedIds).toEqual([...clean].sort());
        expect(stillHeld.map((m) => m.id).sort()).toEqual([...flagged].sort());
        expect(stillHeld.every((m) => m.moderation?.reason === 'ai_flagged')).toBe(true);
        s.holds(
          `after recovery AI moderation decided every held memory: ${approvedIds.length} approved, ${stillHeld.length} kept back as flagged`,
        );

        await waitFor(
          () => clean.every((id) => approvals(publicFeed).some((m) => idOf(m) === id)),
          20_000,
          'the approvals on the public socket',
        );
        await settle(500);
        const after = approvals(publicFeed).filter((m) => m.ts >= outageStart);
        expect(after.map(idOf).sort()).toEqual([...clean].sort());
        expect(after.every((m) => m.ts >= recovered)).toBe(true);
        expect(JSON.stringify(publicFeed.messages)).not.toMatch(/FLAGME/);
        expect((await wall()).sort()).toEqual([first.body.memory.id, ...clean].sort());
        s.holds(
          'the public socket then received each approval once, all after recovery, and never a flagged memory; the wall shows exactly the approved ones',
        );
      }),
    300_000,
  );
});
