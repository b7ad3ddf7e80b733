/** BullMQ queue and job names, and the payload each job carries (ids only: processors reload state). */
import { DomainEvent, DomainEventName } from './domain-events';

/** Queues by resource profile, each with its own concurrency (WORKER_CONCURRENCY, MODERATION_CONCURRENCY). */
export const QueueName = {
  /** CPU-bound: photos and drawings decoded into their renditions. */
  Media: 'memory-media',
  /** I/O-bound: moderation (waiting on OpenAI) and the announcement of the result. */
  Moderation: 'memory-moderation',
  /** The domain events relayed from the outbox table, one job per event named after it. */
  DomainEvents: 'domain-events',
  /** Mail to send (SMTP, or the local outbox without SMTP_URL), and the moderation digests. */
  Mail: 'mail',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const JobName = {
  /** Make a photo's or drawing's renditions, then hand the memory to moderation. */
  RenderMedia: 'memory.render',
  /** Moderate a stored memory whose images (if any) are ready, and announce it. */
  ProcessMemory: 'memory.process',
  /** Ask AI moderation again about a memory held while it was unavailable. */
  ReviewWithAi: 'memory.ai-review',
  /** Send one rendered mail. */
  SendMail: 'mail.send',
  /** Mail an event's hosts what waits for their moderation, if anything does. */
  ModerationDigest: 'mail.moderation-digest',
  /** Each domain event is a job of its own name. */
  ...DomainEventName,
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

/** The queue each job runs on. */
export const JobQueue = {
  [JobName.RenderMedia]: QueueName.Media,
  [JobName.ProcessMemory]: QueueName.Moderation,
  [JobName.ReviewWithAi]: QueueName.Moderation,
  [JobName.SendMail]: QueueName.Mail,
  [JobName.ModerationDigest]: QueueName.Mail,
  [JobName.UserRegistered]: QueueName.DomainEvents,
  [JobName.PasswordResetRequested]: QueueName.DomainEvents,
  [JobName.EventPublished]: QueueName.DomainEvents,
  [JobName.EventCompleted]: QueueName.DomainEvents,
  [JobName.MemorySubmitted]: QueueName.DomainEvents,
  [JobName.MemoryApproved]: QueueName.DomainEvents,
  [JobName.CreditsPurchased]: QueueName.DomainEvents,
  [JobName.CreditsAdjusted]: QueueName.DomainEvents,
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

/** A rendered mail: what the mail job sends as it is. `key` names the mail for good (its job id is made of it). */
export interface OutgoingMail {
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** `slot`: the digest interval it closes (time / interval), one digest per event and slot. */
export interface ModerationDigestJobData {
  eventId: string;
  slot: number;
}

/** Domain event jobs carry the event as recorded. */
type DomainEventJobs = { [N in DomainEventName]: DomainEvent<N> };

export interface JobPayloads extends DomainEventJobs {
  [JobName.RenderMedia]: MemoryJobData;
  [JobName.ProcessMemory]: MemoryJobData;
  [JobName.ReviewWithAi]: MemoryJobData;
  [JobName.SendMail]: OutgoingMail;
  [JobName.ModerationDigest]: ModerationDigestJobData;
}

/** One job per memory and stage: the id makes enqueueing idempotent (relay, sweeper and request may all add it). */
export const renderMediaJobId = (memoryId: string) => `media-${memoryId}`;
export const processMemoryJobId = (memoryId: string) => `memory-${memoryId}`;
export const aiReviewJobId = (memoryId: string) => `ai-review-${memoryId}`;
