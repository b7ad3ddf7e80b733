import { randomUUID } from 'node:crypto';
import { LiveMessage, memoryIdOf, MemoryMessages, SUBMISSION_ID_HEADER } from '@memory-wall/contracts';
import { Memory } from '@memory-wall/core';
import { useAppStack } from '@memory-wall/testkit/app-stack';
import { hostedEvent as hostedEventOf } from '@memory-wall/testkit/hosted-event';
import { connectLive } from '@memory-wall/testkit/live-client';
import { waitFor } from '@memory-wall/testkit/wait';

describe("a guest's own memories, known by the submission ids their device kept", () => {
  const app = useAppStack();

  async function submit(eventId: string, message: string) {
    const submissionId = randomUUID();
    const posted = await app
      .guest()
      .post(
        `/api/events/${eventId}/submissions/message`,
        { name: 'Guest', message },
        { [SUBMISSION_ID_HEADER]: submissionId },
      );
    expect(posted.status).toBe(201);
    return { submissionId, memoryId: posted.body.memory.id as string };
  }

  const statuses = async (eventId: string, submissionIds: string[]) => {
    const answer = await app.guest().post(`/api/events/${eventId}/my-memories`, { submissionIds });
    expect(answer.status).toBe(200);
    return answer.body.memories as Array<{ submissionId: string; memoryId: string | null; status: string }>;
  };

  const ready = (eventId: string) =>
    waitFor(
      async () =>
        (await app.t.dataSource.getRepository(Memory).countBy({ eventId, processingState: 'processing' })) === 0,
      20_000,
      'the memories to be processed',
    );

  it('tells each memory waiting, on the wall or not shown, following the host', async () => {
    const { event, host } = await hostedEventOf(app.t.dataSource, app.api.url, 'manual_moderation');
    const approved = await submit(event.id, 'Approve me');
    const flagged = await submit(event.id, 'Flag me');
    const rejected = await submit(event.id, 'Reject me');
    const neverSent = randomUUID();
    await ready(event.id);

    const asked = [approved.submissionId, flagged.submissionId, rejected.submissionId, neverSent];
    expect((await statuses(event.id, asked)).map((m) => m.status)).toEqual([
      'waiting',
      'waiting',
      'waiting',
      'not_shown',
    ]);

    expect((await host.post(`/api/submissions/${approved.memoryId}/approve`)).status).toBe(200);
    expect((await host.post(`/api/memories/${flagged.memoryId}/flag`)).status).toBe(200);
    expect((await host.delete(`/api/submissions/${rejected.memoryId}`)).status).toBe(200);

    expect(await statuses(event.id, asked)).toEqual([
      { submissionId: approved.submissionId, memoryId: approved.memoryId, status: 'on_wall' },
      { submissionId: flagged.submissionId, memoryId: flagged.memoryId, status: 'not_shown' },
      { submissionId: rejected.submissionId, memoryId: null, status: 'not_shown' },
      { submissionId: neverSent, memoryId: null, status: 'not_shown' },
    ]);
  });

  it("deletes the guest's memory from every screen at once, and only with the submission id it was sent with", async () => {
    const { event } = await hostedEventOf(app.t.dataSource, app.api.url, 'auto_approve');
    const mine = await submit(event.id, 'Mine to take back');
    const theirs = await submit(event.id, 'Somebody else’s');
    await ready(event.id);
    const wall = async () =>
      (await app.guest().get(`/api/events/${event.id}/memories`)).body.memories.map((m: { id: string }) => m.id).sort();
    expect(await wall()).toEqual([mine.memoryId, theirs.memoryId].sort());
    const screen = await connectLive(`${app.api.url.replace('http', 'ws')}/ws?eventId=${event.id}`);
    app.sockets.push(screen);
    await screen.joined();

    const remove = (memoryId: string, submissionId?: string) =>
      app
        .guest()
        .delete(
          `/api/events/${event.id}/my-memories/${memoryId}`,
          submissionId ? { [SUBMISSION_ID_HEADER]: submissionId } : {},
        );
    // What anyone else holds: the memory's public id, another memory's submission id, nothing at all.
    expect(await remove(theirs.memoryId, mine.submissionId)).toMatchObject({
      status: 404,
      body: { message: MemoryMessages.memoryNotFound },
    });
    expect(await remove(theirs.memoryId)).toMatchObject({
      status: 400,
      body: { message: MemoryMessages.submissionIdRequired },
    });
    expect(await remove(theirs.memoryId, theirs.memoryId)).toMatchObject({ status: 404 });
    expect(await wall()).toEqual([mine.memoryId, theirs.memoryId].sort());

    expect(await remove(mine.memoryId, mine.submissionId)).toMatchObject({ status: 200, body: { success: true } });
    await screen.next((m: LiveMessage) => m.type === 'memory_delete' && memoryIdOf(m) === mine.memoryId);
    expect(await wall()).toEqual([theirs.memoryId]);
    expect((await statuses(event.id, [mine.submissionId]))[0]).toMatchObject({ memoryId: null, status: 'not_shown' });
    expect(await remove(mine.memoryId, mine.submissionId)).toMatchObject({ status: 404 });
  });

  it('refuses a list that is not at most 100 UUIDs, and an unknown event', async () => {
    const { event } = await hostedEventOf(app.t.dataSource, app.api.url, 'auto_approve');
    for (const submissionIds of [['not-a-uuid'], Array.from({ length: 101 }, () => randomUUID()), 'x']) {
      expect(await app.guest().post(`/api/events/${event.id}/my-memories`, { submissionIds })).toMatchObject({
        status: 400,
        body: { message: MemoryMessages.myMemoriesInvalid },
      });
    }
    expect(
      (await app.guest().post(`/api/events/${randomUUID()}/my-memories`, { submissionIds: [randomUUID()] })).status,
    ).toBe(404);
  });
});
