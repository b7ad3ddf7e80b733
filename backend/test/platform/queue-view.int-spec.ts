import { FailedJob, JobName, QueueMessages, QueueName, QueueOverview, Role } from '@memory-wall/contracts';
import { createAccount } from '@memory-wall/testkit/accounts';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { QueueJobs } from '@memory-wall/testkit/queue-jobs';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

jest.setTimeout(90_000);

/**
 * The owner's view of the queues over the running API: every queue of QueueName with its counts, a failed
 * job with its error and attempts, retrying it (the workers run it again) and removing one; nobody else
 * gets in, and they are turned away before anything about the queue or the job is looked at.
 */
describe('the queues in view', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let workers: RunningProcess | undefined;
  let jobs: QueueJobs;
  let owner: ApiClient;

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi(t.env);
    jobs = new QueueJobs(t.env);
    owner = await signedIn(api.url, await createAccount(t.dataSource, Role.Owner));
  });

  afterAll(async () => {
    await Promise.all([api?.stop(), workers?.stop()]);
    await jobs?.close();
    await t?.cleanup();
  });

  const overview = async (client = owner) => {
    const res = await client.get('/api/admin/queues');
    expect(res.status).toBe(200);
    return res.body.queues as QueueOverview[];
  };
  const queueOf = async (name: QueueName) => (await overview()).find((q) => q.name === name)!;
  const retryPath = (queue: string, id: string) => `/api/admin/queues/${queue}/jobs/${encodeURIComponent(id)}/retry`;
  const jobPath = (queue: string, id: string) => `/api/admin/queues/${queue}/jobs/${encodeURIComponent(id)}`;

  it('lists every queue with its counts, and a failed job with its error and attempts', async () => {
    const failed = await jobs.failed(JobName.RenderMedia, 'renditions could not be written: no space left on device');
    await jobs.add(JobName.RenderMedia);
    await jobs.add(JobName.ProcessMemory, { delay: 3_600_000 });

    const queues = await overview();
    expect(queues.map((q) => q.name)).toEqual(Object.values(QueueName));
    const media = queues.find((q) => q.name === QueueName.Media)!;
    expect(media.counts).toEqual({ waiting: 1, active: 0, delayed: 0, failed: 1 });
    expect(media.failed).toEqual<FailedJob[]>([
      {
        id: failed.id,
        name: JobName.RenderMedia,
        error: 'renditions could not be written: no space left on device',
        attemptsMade: 1,
        attempts: 1,
        failedAt: expect.any(String) as string,
        memoryId: failed.memoryId,
        eventId: expect.any(String) as string,
      },
    ]);
    expect(Date.parse(media.failed[0].failedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const moderation = queues.find((q) => q.name === QueueName.Moderation)!;
    expect(moderation).toEqual({
      name: QueueName.Moderation,
      counts: { waiting: 0, active: 0, delayed: 1, failed: 0 },
      failed: [],
    });
  });

  it('turns away everyone but the owner before looking at the queue or the job', async () => {
    const failed = await jobs.failed(JobName.ProcessMemory, 'made to fail');
    const routes = [
      ['GET', '/api/admin/queues'],
      ['POST', retryPath(QueueName.Moderation, failed.id)],
      ['DELETE', jobPath(QueueName.Moderation, failed.id)],
      // Not even whether a queue or a job exists is told.
      ['POST', retryPath('no-such-queue', 'no-such-job')],
      ['DELETE', jobPath(QueueName.Moderation, 'no-such-job')],
    ];
    const anonymous = new ApiClient(api.url);
    const others = await Promise.all(
      [Role.Guest, Role.Customer, Role.ServiceProvider].map(async (role) =>
        signedIn(api.url, await createAccount(t.dataSource, role)),
      ),
    );
    for (const [method, path] of routes) {
      expect([method, path, (await anonymous.request(method, path)).status]).toEqual([method, path, 401]);
      for (const other of others)
        expect([method, path, (await other.request(method, path)).status]).toEqual([method, path, 403]);
    }
    expect(await jobs.state(QueueName.Moderation, failed.id)).toBe('failed');
    await owner.delete(jobPath(QueueName.Moderation, failed.id));
  });

  it('answers 404 for a queue or job it does not know and 409 for a job that has not failed', async () => {
    const unknownQueue = await owner.post(retryPath('no-such-queue', '1'));
    expect(unknownQueue).toMatchObject({ status: 404, body: { message: QueueMessages.queueNotFound } });
    const unknownJob = await owner.delete(jobPath(QueueName.Media, 'no-such-job'));
    expect(unknownJob).toMatchObject({ status: 404, body: { message: QueueMessages.jobNotFound } });
    const waiting = await jobs.add(JobName.ProcessMemory, { delay: 3_600_000 });
    const notFailed = await owner.post(retryPath(QueueName.Moderation, waiting));
    expect(notFailed).toMatchObject({ status: 409, body: { message: QueueMessages.jobNotFailed } });
    expect((await owner.delete(jobPath(QueueName.Moderation, waiting))).status).toBe(409);
    expect(await jobs.state(QueueName.Moderation, waiting)).toBe('delayed');
  });

  it('removes a failed job', async () => {
    const failed = await jobs.failed(JobName.ProcessMemory, 'made to fail');
    expect((await queueOf(QueueName.Moderation)).failed.map((job) => job.id)).toContain(failed.id);

    const removed = await owner.delete(jobPath(QueueName.Moderation, failed.id));
    expect(removed).toMatchObject({ status: 200, body: { success: true } });
    expect(await jobs.state(QueueName.Moderation, failed.id)).toBe('gone');
    const moderation = await queueOf(QueueName.Moderation);
    expect(moderation.failed.map((job) => job.id)).not.toContain(failed.id);
    expect(moderation.counts.failed).toBe(0);
  });

  it('retries a failed job: the workers run it again', async () => {
    const failed = (await queueOf(QueueName.Media)).failed[0];
    expect(failed.error).toBe('renditions could not be written: no space left on device');

    const retried = await owner.post(retryPath(QueueName.Media, failed.id));
    expect(retried).toMatchObject({ status: 200, body: { success: true } });
    expect((await queueOf(QueueName.Media)).failed).toEqual([]);
    // The product's workers take it (its memory is gone, so the run ends at once, and well).
    workers = startWorkers(t.env);
    await waitFor(
      async () => (await jobs.state(QueueName.Media, failed.id)) === 'completed',
      30_000,
      'the retried run',
    );
    // The job left waiting by the first test runs now too (its memory is gone as well): counts settle after it.
    const settled = { waiting: 0, active: 0, delayed: 0, failed: 0 };
    await waitFor(
      async () => JSON.stringify((await queueOf(QueueName.Media)).counts) === JSON.stringify(settled),
      30_000,
      'the media queue to settle',
    );
  });
});
