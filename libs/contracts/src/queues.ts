/** BullMQ queue and job names, and the payload each job carries (ids only: processors reload state). */
export const QueueName = {
  Memories: 'memories',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const JobName = {
  /** Moderate a freshly stored memory (and, for media, process it first). */
  ProcessMemory: 'memory.process',
  /** Ask AI moderation again about a memory held while it was unavailable. */
  ReviewWithAi: 'memory.ai-review',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

export interface JobPayloads {
  [JobName.ProcessMemory]: { memoryId: string };
  [JobName.ReviewWithAi]: { memoryId: string };
}

/** One job per memory: the id makes enqueueing idempotent (relay, sweeper and request may all add it). */
export const processMemoryJobId = (memoryId: string) => `memory-${memoryId}`;
export const aiReviewJobId = (memoryId: string) => `ai-review-${memoryId}`;
