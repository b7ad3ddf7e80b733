/** BullMQ queue and job names, and the payload each job carries (ids only: processors reload state). */

/** Queues by resource profile, each with its own concurrency (WORKER_CONCURRENCY, MODERATION_CONCURRENCY). */
export const QueueName = {
  /** CPU-bound: photos and drawings decoded into their renditions, video clips transcoded. */
  Media: 'memory-media',
  /** I/O-bound: moderation (waiting on OpenAI) and the announcement of the result. */
  Moderation: 'memory-moderation',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const JobName = {
  /** Make a photo's, drawing's or video clip's renditions, then hand the memory to moderation. */
  RenderMedia: 'memory.render',
  /** Moderate a stored memory whose images (if any) are ready, and announce it. */
  ProcessMemory: 'memory.process',
  /** Ask AI moderation again about a memory held while it was unavailable. */
  ReviewWithAi: 'memory.ai-review',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

/** The queue each job runs on. */
export const JobQueue = {
  [JobName.RenderMedia]: QueueName.Media,
  [JobName.ProcessMemory]: QueueName.Moderation,
  [JobName.ReviewWithAi]: QueueName.Moderation,
} as const satisfies Record<JobName, QueueName>;

/** The jobs of one queue. */
export type JobOf<Q extends QueueName> = { [N in JobName]: (typeof JobQueue)[N] extends Q ? N : never }[JobName];
export const jobsOf = <Q extends QueueName>(queue: Q) =>
  (Object.keys(JobQueue) as JobName[]).filter((name): name is JobOf<Q> => JobQueue[name] === queue);

/**
 * What every memory job carries. `eventId` and `requestId` (the guest's request that caused the work) are
 * for the workers' log lines; jobs enqueued by an older release may lack them.
 */
export interface MemoryJobData {
  memoryId: string;
  eventId?: string;
  requestId?: string;
}

export interface JobPayloads {
  [JobName.RenderMedia]: MemoryJobData;
  [JobName.ProcessMemory]: MemoryJobData;
  [JobName.ReviewWithAi]: MemoryJobData;
}

/** One job per memory and stage: the id makes enqueueing idempotent (relay, sweeper and request may all add it). */
export const renderMediaJobId = (memoryId: string) => `media-${memoryId}`;
export const processMemoryJobId = (memoryId: string) => `memory-${memoryId}`;
export const aiReviewJobId = (memoryId: string) => `ai-review-${memoryId}`;
