import { ProcessingState } from '@memory-wall/contracts';
import { InMemoryMemoryRepository, MemoryQueue } from '@memory-wall/core';
import { OutboxSweeper, SWEEP_AFTER_MS } from './outbox-sweeper';

const EVENT_ID = '7d4f4a57-3a4c-4d7e-9a51-0f7c2f8f0a11';

describe('OutboxSweeper over the in-memory memories', () => {
  it('enqueues again, oldest first, the memories still processing that are older than a request takes', async () => {
    const memories = new InMemoryMemoryRepository();
    const ago = (ms: number) => new Date(Date.now() - ms);
    memories.add({ id: 'recent', eventId: EVENT_ID, createdAt: ago(SWEEP_AFTER_MS / 2) });
    memories.add({ id: 'stranded-later', eventId: EVENT_ID, createdAt: ago(SWEEP_AFTER_MS * 2) });
    memories.add({ id: 'stranded-first', eventId: EVENT_ID, type: 'photo', createdAt: ago(SWEEP_AFTER_MS * 3) });
    memories.add({
      id: 'finished',
      eventId: EVENT_ID,
      processingState: ProcessingState.Ready,
      createdAt: ago(SWEEP_AFTER_MS * 4),
    });
    const requeued: string[] = [];
    const queue = {
      requeue: async (memory: { id: string }) => void requeued.push(memory.id),
    } as unknown as MemoryQueue;

    expect(await new OutboxSweeper(memories, queue).sweep()).toBe(2);
    expect(requeued).toEqual(['stranded-first', 'stranded-later']);
  });
});
