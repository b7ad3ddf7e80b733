import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUBMISSION_ID_HEADER } from '@memory-wall/contracts';
import { Memory } from '@memory-wall/core';
import { countMemories, createEvent } from '@memory-wall/testkit/factories';
import { ApiClient } from '@memory-wall/testkit/http';
import { gpsTaggedJpeg, multipart } from '@memory-wall/testkit/images';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

/**
 * A guest's phone retries a submission whose answer it never got (the connection dropped after the server
 * stored it): the client's submission id makes the retry store nothing new and answer as the first time.
 */
describe('a submission named by the client (x-submission-id) is stored once', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let storageDir: string;
  const guest = () => new ApiClient(api.url);
  const named = (submissionId: string) => ({ [SUBMISSION_ID_HEADER]: submissionId });

  beforeAll(async () => {
    t = await createTestEnvironment();
    storageDir = mkdtempSync(join(tmpdir(), 'mw-submission-id-'));
    api = await startApi({ ...t.env, STORAGE_DIR: storageDir });
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
    rmSync(storageDir, { recursive: true, force: true });
  });

  const postMessage = (eventId: string, body: unknown, submissionId: string) =>
    guest().post(`/api/events/${eventId}/submissions/message`, body, named(submissionId));
  const postPhoto = (eventId: string, photo: Buffer, fields: Record<string, string>, submissionId?: string) =>
    guest().post(
      `/api/events/${eventId}/submissions/photo`,
      multipart('photo', photo, 'IMG_0001.JPG', fields),
      submissionId ? named(submissionId) : {},
    );
  /** The memory ids whose original photo is kept for the event (LocalDiskStorage: originals/{event}/{memory}). */
  const originalsOf = (eventId: string): string[] =>
    readdirSync(join(storageDir, 'originals', eventId)).filter((file) => !file.endsWith('.type'));

  it('answers a repeated message with the first memory and stores one', async () => {
    const event = await createEvent(t.dataSource);
    const submissionId = randomUUID();
    const body = { name: 'Aunt May', message: 'Congratulations!' };
    const first = await postMessage(event.id, body, submissionId);
    const again = await postMessage(event.id, body, submissionId);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await countMemories(t.dataSource, event.id)).toBe(1);
    expect(await t.dataSource.getRepository(Memory).findOneByOrFail({ id: first.body.memory.id })).toMatchObject({
      submissionId,
      content: 'Congratulations!',
    });
  });

  it('stores one photo when the same submission is sent several times at once, and answers each with its id', async () => {
    const event = await createEvent(t.dataSource);
    const submissionId = randomUUID();
    const photo = await gpsTaggedJpeg(1600, 1200);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postPhoto(event.id, photo, { name: 'Zed', photoCaption: 'Dance' }, submissionId)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    const ids = new Set(answers.map((a) => a.body.memory.id));
    expect(ids.size).toBe(1);
    const stored = await t.dataSource.getRepository(Memory).findBy({ eventId: event.id });
    expect(stored.map((m) => m.id)).toEqual([...ids]);
    // The originals of the concurrent repeats that lost are removed: one original for one memory.
    expect(originalsOf(event.id)).toEqual([...ids]);
  });

  it('stores one message when the same submission is sent many times at once', async () => {
    const event = await createEvent(t.dataSource);
    const submissionId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postMessage(event.id, { name: 'Zed', message: 'Hello' }, submissionId)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.memory.id)).size).toBe(1);
    expect(await countMemories(t.dataSource, event.id)).toBe(1);
  });

  it('refuses a submission id reused with other content (409) and keeps the first memory', async () => {
    const event = await createEvent(t.dataSource);
    const submissionId = randomUUID();
    const photo = await gpsTaggedJpeg(800, 600);
    const first = await postPhoto(event.id, photo, { name: 'Zed' }, submissionId);
    expect(first.status).toBe(201);
    const otherCaption = await postPhoto(event.id, photo, { name: 'Zed', photoCaption: 'Another' }, submissionId);
    const otherPhoto = await postPhoto(event.id, await gpsTaggedJpeg(800, 601), { name: 'Zed' }, submissionId);
    for (const res of [otherCaption, otherPhoto]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This submission id was already used for a different memory');
    }
    const stored = await t.dataSource.getRepository(Memory).findBy({ eventId: event.id });
    expect(stored.map((m) => m.id)).toEqual([first.body.memory.id]);
  });

  it('keeps submissions apart per event, and without an id stores each', async () => {
    const [a, b] = [await createEvent(t.dataSource), await createEvent(t.dataSource)];
    const submissionId = randomUUID();
    expect((await postMessage(a.id, { name: 'Zed', message: 'Hi' }, submissionId)).status).toBe(201);
    expect((await postMessage(b.id, { name: 'Zed', message: 'Hi' }, submissionId)).status).toBe(201);
    const photo = await gpsTaggedJpeg(800, 600);
    expect((await postPhoto(a.id, photo, { name: 'Zed' })).status).toBe(201);
    expect((await postPhoto(a.id, photo, { name: 'Zed' })).status).toBe(201);
    expect(await countMemories(t.dataSource, a.id)).toBe(3);
    expect(await countMemories(t.dataSource, b.id)).toBe(1);
  });

  it('refuses a submission id that is not a UUID with a 400 and stores nothing', async () => {
    const event = await createEvent(t.dataSource);
    const res = await guest().post(
      `/api/events/${event.id}/submissions/message`,
      { name: 'Zed', message: 'Hi' },
      named('not-a-uuid'),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The submission id must be a UUID');
    expect(await countMemories(t.dataSource, event.id)).toBe(0);
  });
});
