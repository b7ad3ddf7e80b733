import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  KEEPSAKE_KINDS,
  KEEPSAKE_REQUEST_INTERVAL_MINUTES,
  KeepsakeJobData,
  KeepsakeMessages,
  KeepsakeStatus,
  KeepsakesResponse,
  KeepsakeView,
  mediaDeletionDate,
} from '@memory-wall/contracts';
import {
  AppConfig,
  EventRepository,
  Keepsake,
  KeepsakeQueue,
  MemoryRepository,
  toKeepsakeView,
} from '@memory-wall/core';
import { TooManyRequestsException } from '../../common/api-errors';

const INTERVAL_MS = KEEPSAKE_REQUEST_INTERVAL_MINUTES * 60_000;

/**
 * Asks for an event's keepsakes (its archive and its book in each paper size): the rows are written in the
 * caller's transaction (queued, a new generation each), and the jobs enqueued once it committed. Hosts may
 * ask once per KEEPSAKE_REQUEST_INTERVAL_MINUTES per event; completing the event asks by itself.
 */
@Injectable()
export class KeepsakeRequests {
  private readonly logger = new Logger(KeepsakeRequests.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly memories: MemoryRepository,
    private readonly events: EventRepository,
    private readonly queue: KeepsakeQueue,
    private readonly config: AppConfig,
  ) {}

  /** What the hosts' keepsake panel shows: the keepsakes, and until when the media they hold are kept. */
  async state(eventId: string): Promise<KeepsakesResponse> {
    const [keepsakes, retention] = await Promise.all([
      this.list(eventId),
      this.events.findRetention(eventId, this.config.RETENTION_DAYS),
    ]);
    const deletesAt = retention && mediaDeletionDate(retention.completedAt, retention.days, retention.warnedAt);
    return { keepsakes, mediaDeletesAt: deletesAt?.toISOString() ?? null };
  }

  /** A host's request: refused while the last one is recent, or when there is nothing to keep. */
  async request(eventId: string): Promise<KeepsakesResponse> {
    if ((await this.memories.countOnWall(eventId)) === 0) throw new ConflictException(KeepsakeMessages.nothingToKeep);
    const builds = await this.dataSource.transaction(async (tx) => {
      // The event row's lock orders two hosts asking at once: the second sees the first one's request.
      await this.events.within(tx).lock(eventId);
      const last = await tx
        .createQueryBuilder(Keepsake, 'k')
        .select('MAX(k."requestedAt")', 'at')
        .where('k."eventId" = :eventId', { eventId })
        .getRawOne<{ at: Date | null }>();
      const waitMs = last?.at ? new Date(last.at).getTime() + INTERVAL_MS - Date.now() : 0;
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new TooManyRequestsException(KeepsakeMessages.tooSoon(Math.ceil(seconds / 60)), seconds);
      }
      return this.recordInTransaction(tx, eventId);
    });
    await this.enqueue(builds);
    return this.state(eventId);
  }

  /**
   * Records a new build of every kind in the caller's transaction; the caller enqueues the answer after
   * it commits. Nothing is recorded for an event without approved memories.
   */
  async recordInTransaction(tx: EntityManager, eventId: string): Promise<KeepsakeJobData[]> {
    if ((await this.memories.countOnWall(eventId)) === 0) return [];
    const rows: Array<Pick<Keepsake, 'id' | 'generation'>> = [];
    for (const kind of KEEPSAKE_KINDS) {
      const [row] = await tx.query<Array<Pick<Keepsake, 'id' | 'generation'>>>(
        `INSERT INTO "keepsakes" ("eventId", "kind", "requestedAt") VALUES ($1, $2, now())
         ON CONFLICT ("eventId", "kind") DO UPDATE SET "generation" = "keepsakes"."generation" + 1,
           "status" = $3, "progress" = 0, "error" = NULL, "requestedAt" = now(), "updatedAt" = now()
         RETURNING "id", "generation"`,
        [eventId, kind, KeepsakeStatus.Queued],
      );
      rows.push(row);
    }
    return rows.map((row) => ({ keepsakeId: row.id, eventId, generation: row.generation }));
  }

  /** Enqueues recorded builds. When Redis is away the rows stay queued (shown so), and hosts may ask again. */
  async enqueue(builds: KeepsakeJobData[]): Promise<void> {
    if (!builds.length) return;
    try {
      await this.queue.enqueue(builds);
    } catch (err) {
      this.logger.warn(`keepsakes of event ${builds[0].eventId} stay queued: ${(err as Error).message}`);
    }
  }

  async list(eventId: string): Promise<KeepsakeView[]> {
    const rows = await this.dataSource.getRepository(Keepsake).find({ where: { eventId }, order: { kind: 'ASC' } });
    return rows.map(toKeepsakeView);
  }
}
