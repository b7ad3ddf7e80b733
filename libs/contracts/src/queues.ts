/** BullMQ queue and job names, and the payload each job carries (ids only: processors reload state). */
import { DomainEvent, DomainEventName } from './domain-events';

/**
 * Queues by resource profile, each with its own concurrency (WORKER_CONCURRENCY, CLIP_CONCURRENCY,
 * MODERATION_CONCURRENCY).
 */
export const QueueName = {
  /** CPU-bound: photos, drawings and voice messages made into their renditions. */
  Media: 'memory-media',
  /**
   * CPU-bound and long: video clips transcoded, a lane of their own so that however many clips arrive (from
   * one event or one address), photos never wait behind them.
   */
  Clips: 'memory-clips',
  /** I/O-bound: moderation (waiting on OpenAI) and the announcement of the result. */
  Moderation: 'memory-moderation',
  /** Long, I/O-bound: keepsake archives and books streamed from storage into storage (KEEPSAKE_CONCURRENCY). */
  Keepsake: 'keepsake',
  /** The domain events relayed from the outbox table, one job per event named after it. */
  DomainEvents: 'domain-events',
  /** Mail to send (SMTP, or the local outbox without SMTP_URL), and the moderation digests. */
  Mail: 'mail',
  /** Scheduled upkeep, repeated by BullMQ's job scheduler: the retention sweep. */
  Maintenance: 'maintenance',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];
/** The queues a memory's jobs run on. */
export const MEMORY_QUEUES = [QueueName.Media, QueueName.Clips, QueueName.Moderation] as const;
export type MemoryQueueName = (typeof MEMORY_QUEUES)[number];

export const JobName = {
  /** Make a photo's, drawing's or voice message's renditions, then hand the memory to moderation. */
  RenderMedia: 'memory.render',
  /** Transcode a video clip and take its stills, then hand the memory to moderation. */
  RenderClip: 'memory.render-clip',
  /** Moderate a stored memory whose images (if any) are ready, and announce it. */
  ProcessMemory: 'memory.process',
  /** Ask AI moderation again about a memory held while it was unavailable. */
  ReviewWithAi: 'memory.ai-review',
  /** Announce an approved memory on the public feed once the screens' delay has passed. */
  ReleaseToScreens: 'memory.release-to-screens',
  /** Build one keepsake (an event's archive or memory book). */
  BuildKeepsake: 'keepsake.build',
  /** Send one rendered mail. */
  SendMail: 'mail.send',
  /** Mail an event's hosts what waits for their moderation, if anything does. */
  ModerationDigest: 'mail.moderation-digest',
  /** Warn the hosts of events whose media go in a week; delete the media of those whose time is up. */
  RetentionSweep: 'retention.sweep',
  /** Each domain event is a job of its own name. */
  ...DomainEventName,
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

/** The queue each job runs on. */
export const JobQueue = {
  [JobName.RenderMedia]: QueueName.Media,
  [JobName.RenderClip]: QueueName.Clips,
  [JobName.ProcessMemory]: QueueName.Moderation,
  [JobName.ReviewWithAi]: QueueName.Moderation,
  [JobName.ReleaseToScreens]: QueueName.Moderation,
  [JobName.BuildKeepsake]: QueueName.Keepsake,
  [JobName.SendMail]: QueueName.Mail,
  [JobName.ModerationDigest]: QueueName.Mail,
  [JobName.RetentionSweep]: QueueName.Maintenance,
  [JobName.UserRegistered]: QueueName.DomainEvents,
  [JobName.PasswordResetRequested]: QueueName.DomainEvents,
  [JobName.EventPublished]: QueueName.DomainEvents,
  [JobName.EventCompleted]: QueueName.DomainEvents,
  [JobName.KeepsakeReady]: QueueName.DomainEvents,
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
 * for the workers' log lines; `traceparent` (W3C trace context) continues the trace of whatever enqueued the
 * job, when tracing is on. Jobs enqueued by an older release may lack them.
 */
export interface MemoryJobData {
  memoryId: string;
  eventId?: string;
  requestId?: string;
  traceparent?: string;
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
  [JobName.RenderClip]: MemoryJobData;
  [JobName.ProcessMemory]: MemoryJobData;
  [JobName.ReviewWithAi]: MemoryJobData;
  [JobName.ReleaseToScreens]: MemoryJobData;
  [JobName.BuildKeepsake]: KeepsakeJobData;
  [JobName.SendMail]: OutgoingMail;
  [JobName.ModerationDigest]: ModerationDigestJobData;
  /** The sweep looks at every event; it carries nothing. */
  [JobName.RetentionSweep]: Record<string, never>;
}

/**
 * A keepsake to build. `generation` is the request it answers: a job of an older request (superseded by a
 * new one) does nothing.
 */
export interface KeepsakeJobData {
  keepsakeId: string;
  eventId: string;
  generation: number;
}

/** One job per memory and stage: the id makes enqueueing idempotent (relay, sweeper and request may all add it). */
export const renderMediaJobId = (memoryId: string) => `media-${memoryId}`;
export const processMemoryJobId = (memoryId: string) => `memory-${memoryId}`;
export const aiReviewJobId = (memoryId: string) => `ai-review-${memoryId}`;
/** One release per memory and approval (its time on the screens): a pulled-back, re-approved memory gets another. */
export const releaseToScreensJobId = (memoryId: string, publicAtMs: number) => `release-${memoryId}-${publicAtMs}`;

/** The owner's view of the queues (GET /api/admin/queues): at most this many failed jobs per queue, newest first. */
export const FAILED_JOBS_SHOWN = 50;

/** Jobs of a queue by state; `failed` counts every failed job, also those beyond the ones listed. */
export interface QueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/** A job that failed for good: what went wrong, and after how many of its attempts. */
export interface FailedJob {
  id: string;
  name: string;
  error: string;
  attemptsMade: number;
  attempts: number;
  /** ISO 8601, or null when BullMQ did not record it. */
  failedAt: string | null;
  /** The memory and event a memory job is about, when its data names them. */
  memoryId?: string;
  eventId?: string;
}

export interface QueueOverview {
  name: QueueName;
  counts: QueueCounts;
  failed: FailedJob[];
}

export interface QueuesResponse {
  queues: QueueOverview[];
}

export const QueueMessages = {
  queueNotFound: 'Queue not found',
  jobNotFound: 'Job not found',
  jobNotFailed: 'Only a failed job can be retried or removed',
} as const;
export const buildKeepsakeJobId = (keepsakeId: string, generation: number) => `keepsake-${keepsakeId}-${generation}`;
