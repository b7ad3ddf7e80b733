import { HeldReason, LiveMessageType, ModerationType, ProcessingState } from '@memory-wall/contracts';
import {
  AppConfig,
  InMemoryEventRepository,
  InMemoryMemoryRepository,
  LiveChange,
  LivePublisher,
  MemoryLifecycle,
  OPEN_SCREENS,
  MemoryQueue,
  Metrics,
  ObjectStorage,
} from '@memory-wall/core';
import { AiModeration, AiModerationUnavailable, AiVerdict } from '../adapters/ai-moderation';
import { MemoryProcessor } from './memory.processor';

const EVENT_ID = '7d4f4a57-3a4c-4d7e-9a51-0f7c2f8f0a11';
const MEMORY_ID = '0b8a3c52-1d1e-4a6f-8f63-3c1d2b7e9a40';

/** The processor over the in-memory repository; what it publishes and schedules is recorded. */
function processorFor(
  moderationType: ModerationType,
  ai: () => Promise<AiVerdict> = () => Promise.reject(new AiModerationUnavailable('down')),
) {
  const memories = new InMemoryMemoryRepository();
  const published: Array<{ change: LiveChange; onceAs?: string }> = [];
  const live = {
    publish: async (_eventId: string, change: LiveChange, onceAs?: string) => void published.push({ change, onceAs }),
  } as LivePublisher;
  const scheduled: string[] = [];
  const queue = {
    scheduleAiReview: async (memory: { id: string }) => void scheduled.push(memory.id),
    enqueue: async () => undefined,
  } as unknown as MemoryQueue;
  const events = new InMemoryEventRepository();
  events.add({ id: EVENT_ID, moderationType });
  const aiModeration = { configured: true, review: ai } as unknown as AiModeration;
  const config = { AI_RETRY_DELAY_MS: 1000 } as AppConfig;
  const processor = new MemoryProcessor(
    memories,
    new MemoryLifecycle(memories, live, OPEN_SCREENS),
    events,
    aiModeration,
    queue,
    {} as ObjectStorage,
    config,
    new Metrics(),
  );
  memories.add({ id: MEMORY_ID, eventId: EVENT_ID, content: 'Congratulations!' });
  return { processor, memories, published, scheduled };
}

describe('MemoryProcessor', () => {
  it('approves a memory of an auto-approving event and announces it to the wall and the hosts, once by name', async () => {
    const { processor, memories, published } = processorFor(ModerationType.AutoApprove);
    await processor.process(MEMORY_ID);
    expect(await memories.findById(MEMORY_ID)).toMatchObject({
      processingState: ProcessingState.Ready,
      approved: true,
      moderation: null,
    });
    expect(published.map(({ change, onceAs }) => [change.public?.type, change.hosts.type, onceAs])).toEqual([
      [LiveMessageType.MemoryApproved, LiveMessageType.MemoryApproved, `finished:${MEMORY_ID}`],
    ]);
  });

  it('holds a memory of a manually moderated event for a host, telling only the hosts', async () => {
    const { processor, memories, published } = processorFor(ModerationType.ManualModeration);
    await processor.process(MEMORY_ID);
    expect(await memories.findById(MEMORY_ID)).toMatchObject({
      approved: false,
      moderation: { reason: HeldReason.ManualReview },
    });
    expect(published.map(({ change }) => [change.public, change.hosts.type])).toEqual([
      [undefined, LiveMessageType.NewMemory],
    ]);
  });

  it('holds a memory while AI moderation is away and offers it to AI again later', async () => {
    const { processor, memories, scheduled } = processorFor(ModerationType.AiModeration);
    await processor.process(MEMORY_ID);
    expect(await memories.findById(MEMORY_ID)).toMatchObject({
      approved: false,
      moderation: { reason: HeldReason.AiUnavailable },
    });
    expect(scheduled).toEqual([MEMORY_ID]);
  });

  it('announces a memory found finished again (by name, so at most once), changing nothing', async () => {
    const { processor, memories, published } = processorFor(ModerationType.AutoApprove);
    await processor.process(MEMORY_ID);
    const finished = await memories.findById(MEMORY_ID);
    await processor.process(MEMORY_ID);
    expect(await memories.findById(MEMORY_ID)).toEqual(finished);
    expect(published.map(({ onceAs }) => onceAs)).toEqual([`finished:${MEMORY_ID}`, `finished:${MEMORY_ID}`]);
  });

  it("leaves a host's decision alone when AI moderation answers after it", async () => {
    const { processor, memories, published } = processorFor(ModerationType.AiModeration, async () => ({
      flagged: false,
      categories: [],
    }));
    memories.rows.get(MEMORY_ID)!.processingState = ProcessingState.Ready;
    memories.rows.get(MEMORY_ID)!.moderation = { reason: HeldReason.AiUnavailable };
    memories.rows.get(MEMORY_ID)!.flagged = true;
    await processor.reviewAgain(MEMORY_ID);
    expect(await memories.findById(MEMORY_ID)).toMatchObject({ approved: false, flagged: true });
    expect(published).toEqual([]);
  });

  it("puts a held memory on the wall when AI moderation's late verdict clears it", async () => {
    const { processor, memories, published } = processorFor(ModerationType.AiModeration, async () => ({
      flagged: false,
      categories: [],
    }));
    Object.assign(memories.rows.get(MEMORY_ID)!, {
      processingState: ProcessingState.Ready,
      moderation: { reason: HeldReason.AiUnavailable },
    });
    await processor.reviewAgain(MEMORY_ID);
    expect(await memories.findById(MEMORY_ID)).toMatchObject({ approved: true, moderation: null });
    expect(published.map(({ change }) => change.public?.type)).toEqual([LiveMessageType.MemoryApproved]);
  });

  it('marks a memory failed once: a finished memory stays as it is', async () => {
    const { processor, memories, published } = processorFor(ModerationType.AutoApprove);
    await processor.markFailed(MEMORY_ID, { reason: HeldReason.ImageUnreadable });
    expect(await memories.findById(MEMORY_ID)).toMatchObject({
      processingState: ProcessingState.Failed,
      approved: false,
      moderation: { reason: HeldReason.ImageUnreadable },
    });
    await processor.markFailed(MEMORY_ID, { reason: HeldReason.ProcessingFailed, detail: 'again' });
    await processor.process(MEMORY_ID);
    expect(await memories.findById(MEMORY_ID)).toMatchObject({
      processingState: ProcessingState.Failed,
      moderation: { reason: HeldReason.ImageUnreadable },
    });
    expect(published.map(({ change }) => [change.public, change.hosts.type])).toEqual([
      [undefined, LiveMessageType.NewMemory],
      [undefined, LiveMessageType.NewMemory],
    ]);
  });
});
