import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import DataLoader from 'dataloader';
import type { QueryConfig } from 'pg';
import { EntityManager, In, LessThan, Not, Repository } from 'typeorm';
import {
  AWAITING_MODERATION,
  DisplayOrder,
  EventStats,
  DomainEventName,
  FILTER_PATTERNS,
  MemoryChange,
  MemoryFilter,
  MemoryMedia,
  MemoryState,
  MemoryType,
  ProcessingState,
  StatePattern,
  transitionGuard,
  transitionUpdate,
} from '@memory-wall/contracts';
import { Event } from '../database/entities/event.entity';
import { pgPool } from '../database/data-source';
import { Memory } from '../database/entities/memory.entity';
import {
  countsPerType,
  HeartCount,
  MemoryRepository,
  NEW_MEMORY_COLUMNS,
  NewMemory,
  StoredSubmission,
  SubmittedMemory,
  ScreensView,
  Transitioned,
  WaitingMemory,
  WallCursor,
  WallOrder,
  WallState,
} from './memory.repository';

/** The state a transition reads and writes, as columns. */
const STATE_COLUMNS: ReadonlyArray<keyof MemoryState> = [
  'processingState',
  'approved',
  'flagged',
  'featured',
  'moderation',
  'publicAt',
];

/**
 * One statement for any number of walls in one order, planned as: each event's row, then its wall's rows in
 * order from memories_wall (its predicate is the wall's state, its key the wall's order) up to `limit`,
 * their stored JSON ("publicJson", kept by the database) joined in order. The state is written out, not
 * bound, so that the planner can match memories_wall's predicate in any plan, a generic one included.
 */
function wallStatement(order: WallOrder): QueryConfig {
  const { approved, flagged, processingState } = FILTER_PATTERNS[MemoryFilter.Approved];
  const direction = order === DisplayOrder.Oldest ? 'ASC' : 'DESC';
  const reached = `COALESCE(m."publicAt", m."createdAt")`;
  return {
    name: `public-walls-${order}`,
    text: `SELECT e."id", CASE WHEN e."screensComingSoon" THEN '[]' ELSE '[' || COALESCE((
          SELECT string_agg(w."json", ',' ORDER BY w."createdAt" ${direction}, w."id" ${direction}) FROM (
            SELECT m."createdAt", m."id", m."publicJson" AS "json" FROM "memories" AS m
            WHERE m."eventId" = e."id" AND m."approved" = ${String(approved)} AND m."flagged" = ${String(flagged)}
              AND m."processingState" = '${processingState}'
              AND ${reached} <= LEAST(now(), COALESCE(e."screensHeldAt", 'infinity'))
            ORDER BY m."createdAt" ${direction}, m."id" ${direction} LIMIT $2) AS w), '') || ']' END AS "memories"
        FROM "events" AS e WHERE e."id" = ANY($1::uuid[])`,
  };
}

/** Bounds one statement's answer (a wall is tens of kB); a turn that asks for more walls sends more statements. */
const MAX_WALLS_PER_STATEMENT = 100;

const WALL_STATEMENTS: Record<WallOrder, QueryConfig> = {
  [DisplayOrder.Newest]: wallStatement(DisplayOrder.Newest),
  [DisplayOrder.Oldest]: wallStatement(DisplayOrder.Oldest),
};

/** The memory SQL, against PostgreSQL (see MemoryRepository). */
@Injectable()
export class TypeOrmMemoryRepository extends MemoryRepository {
  /** `INSERT … VALUES` per number of rows: built once each. */
  private readonly insertStatements = new Map<number, string>();
  /** Cold wall reads waiting for their turn's statement, per order and limit (publicWallJson). */
  private readonly wallReads = new Map<string, DataLoader<string, string>>();

  constructor(@InjectRepository(Memory) private readonly memories: Repository<Memory>) {
    super();
  }

  within(tx: EntityManager): MemoryRepository {
    return new TypeOrmMemoryRepository(tx.getRepository(Memory));
  }

  findById(id: string): Promise<Memory | null> {
    return this.memories.findOneBy({ id });
  }

  findInEvent(eventId: string, ids: readonly string[]): Promise<Memory[]> {
    return ids.length ? this.memories.findBy({ eventId, id: In([...ids]) }) : Promise.resolve([]);
  }

  findWallState(id: string, eventId: string): Promise<WallState | null> {
    return this.memories.findOne({
      where: { id, eventId },
      select: { id: true, approved: true, flagged: true, processingState: true },
    });
  }

  findSubmission(eventId: string, submissionId: string): Promise<StoredSubmission | null> {
    return this.memories.findOne({ where: { eventId, submissionId }, select: { id: true, submissionDigest: true } });
  }

  async findSubmissions(eventId: string, submissionIds: readonly string[]): Promise<SubmittedMemory[]> {
    if (!submissionIds.length) return [];
    const rows = await this.memories.find({
      where: { eventId, submissionId: In([...submissionIds]) },
      select: { id: true, eventId: true, approved: true, flagged: true, processingState: true, submissionId: true },
    });
    return rows as SubmittedMemory[];
  }

  async insert(rows: readonly NewMemory[]): Promise<Set<string>> {
    const stored: Array<{ id: string }> = await this.memories.query(
      this.insertStatement(rows.length),
      rows.flatMap((row) => this.insertValues(row)),
    );
    return new Set(stored.map(({ id }) => id));
  }

  list(
    eventId: string,
    filter: MemoryFilter,
    order: DisplayOrder,
    limit: number,
    onScreens?: ScreensView,
  ): Promise<Memory[]> {
    const state = stateCondition('m', FILTER_PATTERNS[filter]);
    // The screens show what reached them (its delay passed), and while held only what had by then.
    // A memory on the wall without a time reached it when it was stored (rows older than the screen controls).
    const reached = `COALESCE(m."publicAt", m."createdAt")`;
    const screens = onScreens
      ? ` AND ${reached} <= now()${onScreens.heldSince ? ` AND ${reached} <= :heldSince` : ''}`
      : '';
    return this.memories
      .createQueryBuilder('m')
      .where(`m."eventId" = :eventId AND ${state.sql}${screens}`, {
        eventId,
        ...state.params,
        ...(onScreens?.heldSince ? { heldSince: onScreens.heldSince } : {}),
      })
      .orderBy('m.createdAt', order === DisplayOrder.Oldest ? 'ASC' : 'DESC')
      .limit(limit)
      .getMany();
  }

  /**
   * The walls asked for in the same turn of the event loop (screens refetching after a restart, guests
   * arriving together) are read in one statement per order and limit (wallStatement): PostgreSQL plans,
   * locks and takes a snapshot once for them all, and the pool makes one round trip, instead of one of each
   * per wall. Sent by name from TypeORM's pg pool, outside any transaction of this repository's: the wall is
   * what is committed. A named statement is parsed and planned once per pooled connection instead of on
   * every cold read, where planning cost as much as running it.
   */
  publicWallJson(eventId: string, order: WallOrder, limit: number): Promise<string> {
    const key = `${order}:${limit}`;
    let reads = this.wallReads.get(key);
    if (!reads) {
      reads = new DataLoader((eventIds) => this.readWalls(order, limit, eventIds), {
        cache: false,
        batchScheduleFn: (read) => setImmediate(read),
        maxBatchSize: MAX_WALLS_PER_STATEMENT,
      });
      this.wallReads.set(key, reads);
    }
    return reads.load(eventId);
  }

  /** Each event's wall; when the shared statement fails, each wall alone, so that one read's failure is its own. */
  private async readWalls(
    order: WallOrder,
    limit: number,
    eventIds: readonly string[],
  ): Promise<Array<string | Error>> {
    try {
      const { rows } = await pgPool(this.memories.manager.connection).query<{ id: string; memories: string }>({
        ...WALL_STATEMENTS[order],
        values: [eventIds, limit],
      });
      const walls = new Map(rows.map((row) => [row.id, row.memories]));
      // PostgreSQL writes a uuid in lower case, whatever case it was given in.
      return eventIds.map((id) => walls.get(id.toLowerCase()) ?? '[]');
    } catch (err) {
      if (eventIds.length === 1) return [err as Error];
      return Promise.all(eventIds.map((id) => this.readWalls(order, limit, [id]).then(([wall]) => wall)));
    }
  }

  /** One pass over the event's rows (memories_event_created), each list's condition from FILTER_PATTERNS. */
  async stats(eventId: string): Promise<EventStats> {
    const lists = (['approved', 'pending', 'flagged'] as const).map((filter) => ({
      filter,
      ...stateCondition('m', FILTER_PATTERNS[filter], filter),
    }));
    const counts = lists.map(({ filter, sql }) => `count(*) FILTER (WHERE ${sql})::int AS "${filter}"`).join(', ');
    const [row] = await this.run<[Omit<EventStats, 'byType'> & { byType: Record<string, number> | null }]>(
      `SELECT count(*)::int AS "contributions", ${counts},
        count(DISTINCT lower(btrim(m."author"))) FILTER (WHERE btrim(m."author") <> '')::int AS "contributors",
        (SELECT json_object_agg(t."type", t."n") FROM
          (SELECT "type", count(*)::int AS "n" FROM "memories" WHERE "eventId" = :eventId GROUP BY "type") AS t) AS "byType"
      FROM "memories" AS m WHERE m."eventId" = :eventId`,
      { eventId, ...Object.fromEntries(lists.flatMap((list) => Object.entries(list.params))) },
    );
    return { ...row, byType: countsPerType(row.byType ?? {}) };
  }

  async countPerEvent(eventIds: readonly string[]): Promise<Map<string, number>> {
    if (!eventIds.length) return new Map();
    const rows: Array<{ eventId: string; count: string }> = await this.memories
      .createQueryBuilder('memory')
      .select('memory.eventId', 'eventId')
      .addSelect('COUNT(*)', 'count')
      .where('memory.eventId IN (:...eventIds)', { eventIds: [...eventIds] })
      .groupBy('memory.eventId')
      .getRawMany();
    return new Map(rows.map((r) => [r.eventId, Number(r.count)]));
  }

  async countPerProvider(serviceProviderIds: readonly string[]): Promise<Map<string, number>> {
    if (!serviceProviderIds.length) return new Map();
    const rows: Array<{ providerId: string; count: string }> = await this.memories
      .createQueryBuilder('memory')
      .innerJoin(Event, 'event', 'event.id = memory.eventId')
      .select('event.serviceProviderId', 'providerId')
      .addSelect('COUNT(*)', 'count')
      .where('event.serviceProviderId IN (:...providerIds)', { providerIds: [...serviceProviderIds] })
      .groupBy('event.serviceProviderId')
      .getRawMany();
    return new Map(rows.map((r) => [r.providerId, Number(r.count)]));
  }

  onWallInOrder(eventId: string, after: WallCursor | null, limit: number): Promise<Memory[]> {
    const state = stateCondition('m', FILTER_PATTERNS[MemoryFilter.Approved]);
    const query = this.memories
      .createQueryBuilder('m')
      .where(`m."eventId" = :eventId AND ${state.sql}`, { eventId, ...state.params })
      .orderBy('m.createdAt', 'ASC')
      .addOrderBy('m.id', 'ASC')
      .limit(limit);
    if (after)
      query.andWhere('(m."createdAt", m.id) > (:afterTime, :afterId)', {
        afterTime: after.createdAt,
        afterId: after.id,
      });
    return query.getMany();
  }

  countOnWall(eventId: string): Promise<number> {
    const state = stateCondition('m', FILTER_PATTERNS[MemoryFilter.Approved]);
    return this.memories
      .createQueryBuilder('m')
      .where(`m."eventId" = :eventId AND ${state.sql}`, { eventId, ...state.params })
      .getCount();
  }

  countAwaitingModeration(eventId: string): Promise<number> {
    const state = stateCondition('m', AWAITING_MODERATION);
    return this.memories
      .createQueryBuilder('m')
      .where(`m."eventId" = :eventId AND ${state.sql}`, { eventId, ...state.params })
      .getCount();
  }

  waiting(storedBefore: Date, limit: number): Promise<WaitingMemory[]> {
    return this.memories.find({
      select: { id: true, type: true, media: true, eventId: true },
      where: { processingState: ProcessingState.Processing, createdAt: LessThan(storedBefore) },
      order: { createdAt: 'ASC' },
      take: limit,
    });
  }

  async attachMedia(id: string, media: MemoryMedia, content = media.full.url): Promise<boolean> {
    const result = await this.memories
      .createQueryBuilder()
      .update()
      .set({ media, content })
      .where(`id = :id AND "processingState" = :processing AND media IS NULL`, {
        id,
        processing: ProcessingState.Processing,
      })
      .execute();
    return result.affected === 1;
  }

  /**
   * One statement: the row is locked, its state before is kept, and it is updated only if that state allows
   * the change. A concurrent change waits for the lock and is judged on the state this one left.
   */
  async transition(id: string, change: MemoryChange): Promise<Transitioned | null> {
    const guard = stateCondition('m', transitionGuard(change));
    const onWall = stateCondition('changed', FILTER_PATTERNS.approved, 'wall');
    const updates = Object.entries(transitionUpdate(change));
    const params: Record<string, unknown> = { id, ...guard.params, ...onWall.params };
    const assignments = updates.map(([column, value]) => {
      params[`set_${column}`] = column === 'moderation' ? (value === null ? null : JSON.stringify(value)) : value;
      return column === 'moderation' ? `"moderation" = CAST(:set_moderation AS jsonb)` : `"${column}" = :set_${column}`;
    });
    const before = STATE_COLUMNS.map((column) => `'${column}', before."${column}"`).join(', ');
    const set = Object.fromEntries(updates);
    // Parameters of their own: one parameter used as an enum in SET and as text here would get two types.
    const after = (column: 'approved' | 'flagged' | 'processingState', cast: string) => {
      if (!(column in set)) return `m."${column}"::${cast}`;
      params[`after_${column}`] = set[column];
      return `CAST(:after_${column} AS ${cast})`;
    };
    const onWallWhen = (approved: string, flagged: string, state: string) =>
      `(${approved} AND NOT ${flagged} AND ${state} = '${ProcessingState.Ready}')`;
    // A memory that goes on the wall reaches the screens after the event's delay; one that leaves it, never.
    const publicAt = `"publicAt" = CASE
        WHEN NOT ${onWallWhen(after('approved', 'boolean'), after('flagged', 'boolean'), after('processingState', 'text'))} THEN NULL
        WHEN ${onWallWhen('before."approved"', 'before."flagged"', 'before."processingState"::text')} THEN m."publicAt"
        ELSE now() + make_interval(secs => (SELECT "screenDelaySeconds" FROM "events" WHERE "id" = m."eventId"))
      END`;
    // The memory.approved domain event is recorded by the same statement when the change puts the memory on
    // the public wall: it exists exactly when the change does.
    const sql = `WITH changed AS (UPDATE "memories" AS m SET ${[...assignments, publicAt, `"updatedAt" = now()`].join(', ')}
      FROM (SELECT "id", ${STATE_COLUMNS.map((c) => `"${c}"`).join(', ')} FROM "memories" WHERE "id" = :id FOR UPDATE) AS before
      WHERE m."id" = before."id" AND ${guard.sql}
      RETURNING m.*, json_build_object(${before}) AS "__before"),
      recorded AS (INSERT INTO "domain_events" ("name", "payload")
        SELECT '${DomainEventName.MemoryApproved}', json_build_object('memoryId', changed."id", 'eventId', changed."eventId")
        FROM changed WHERE ${onWall.sql} AND NOT ${wasOnWall('changed."__before"')})
      SELECT * FROM changed`;
    const rows = await this.run<Array<Record<string, unknown>>>(sql, params);
    if (!rows.length) return null;
    const { __before, ...row } = rows[0];
    return { before: __before as MemoryState, memory: this.memories.create(row as Partial<Memory>) };
  }

  /**
   * One statement: the heart is inserted unless the device's is there (its key), and only a new one adds to
   * the count. Concurrent hearts each take the memory's row lock for their addition, so none is lost.
   */
  async addHeart(eventId: string, memoryId: string, deviceId: string): Promise<HeartCount | null> {
    const state = stateCondition('m', FILTER_PATTERNS[MemoryFilter.Approved]);
    const sql = `WITH target AS (SELECT m."id", m."hearts" FROM "memories" AS m
        WHERE m."id" = :memoryId AND m."eventId" = :eventId AND ${state.sql} AND COALESCE(m."publicAt", m."createdAt") <= now()),
      hearted AS (INSERT INTO "memory_hearts" ("memoryId", "deviceId") SELECT "id", :deviceId FROM target
        ON CONFLICT DO NOTHING RETURNING "memoryId"),
      counted AS (UPDATE "memories" SET "hearts" = "hearts" + 1 WHERE "id" IN (SELECT "memoryId" FROM hearted)
        RETURNING "hearts")
      SELECT COALESCE((SELECT "hearts" FROM counted), target."hearts") AS "hearts",
        EXISTS (SELECT 1 FROM counted) AS "counted" FROM target`;
    const rows = await this.run<HeartCount[]>(sql, { memoryId, eventId, deviceId, ...state.params });
    return rows[0] ?? null;
  }

  async remove(id: string): Promise<Memory | null> {
    const [rows] = await this.run<[Array<Partial<Memory>>, number]>(
      `DELETE FROM "memories" WHERE "id" = :id RETURNING *`,
      { id },
    );
    return rows.length ? this.memories.create(rows[0]) : null;
  }

  findWithMedia(eventId: string): Promise<Memory[]> {
    return this.memories.findBy({ eventId, type: Not(MemoryType.Message) });
  }

  async removeMedia(eventId: string): Promise<void> {
    await this.memories.update({ eventId, type: Not(MemoryType.Message) }, { media: null, content: '' });
  }

  /** A statement with named parameters (`:name`), as the driver wants them. */
  private run<T>(sql: string, params: Record<string, unknown>): Promise<T> {
    const [query, values] = this.memories.manager.connection.driver.escapeQueryWithParameters(sql, params);
    return this.memories.query<T>(query, values);
  }

  /**
   * `INSERT … VALUES ($1, …, $11), ($12, …)` for `rows` rows: the columns of NEW_MEMORY_COLUMNS, named as the
   * entity maps them. A row whose submission id the event already has is skipped; RETURNING names the rows stored.
   */
  private insertStatement(rows: number): string {
    let sql = this.insertStatements.get(rows);
    if (!sql) {
      const columns = NEW_MEMORY_COLUMNS.map((property) => `"${this.column(property).databaseName}"`);
      const tuple = (row: number) =>
        `(${columns.map((_, column) => `$${row * columns.length + column + 1}`).join(', ')})`;
      // With each stored row, its memory.submitted domain event, in the same statement (no round trip more).
      sql = `WITH stored AS (INSERT INTO "${this.memories.metadata.tableName}" (${columns.join(', ')}) VALUES ${Array.from({ length: rows }, (_, row) => tuple(row)).join(', ')} ON CONFLICT ("eventId", "submissionId") DO NOTHING RETURNING "id", "eventId", "type"),
        recorded AS (INSERT INTO "domain_events" ("name", "payload")
          SELECT '${DomainEventName.MemorySubmitted}', json_build_object('memoryId', "id", 'eventId', "eventId", 'type', "type") FROM stored)
        SELECT "id" FROM stored`;
      this.insertStatements.set(rows, sql);
    }
    return sql;
  }

  private insertValues(row: NewMemory): unknown[] {
    return NEW_MEMORY_COLUMNS.map((property) => {
      const value = row[property] ?? null;
      return value !== null && this.column(property).type === 'jsonb' ? JSON.stringify(value) : value;
    });
  }

  private column(property: string) {
    const column = this.memories.metadata.findColumnWithPropertyName(property);
    if (!column) throw new Error(`Memory has no column ${property}`);
    return column;
  }
}

/** Whether a state kept as JSON (a transition's `__before`) was on the public wall. */
function wasOnWall(json: string): string {
  const wall = FILTER_PATTERNS.approved;
  return `(${json}->>'approved' = '${String(wall.approved)}' AND ${json}->>'flagged' = '${String(wall.flagged)}' AND ${json}->>'processingState' = '${wall.processingState}')`;
}

/** A state pattern as a condition on the row aliased `alias`, with named parameters (named `prefix_…`). */
function stateCondition(
  alias: string,
  pattern: StatePattern,
  prefix = 'state',
): { sql: string; params: Record<string, unknown> } {
  const parts: string[] = [];
  const params: Record<string, unknown> = {};
  for (const column of ['processingState', 'approved', 'flagged'] as const) {
    if (pattern[column] === undefined) continue;
    parts.push(`${alias}."${column}" = :${prefix}_${column}`);
    params[`${prefix}_${column}`] = pattern[column];
  }
  if (pattern.inScreenDelay) parts.push(`${alias}."publicAt" > now()`);
  if (pattern.heldFor !== undefined) {
    parts.push(`${alias}."moderation"->>'reason' = :${prefix}_heldFor`);
    params[`${prefix}_heldFor`] = pattern.heldFor;
  }
  return { sql: parts.length ? parts.join(' AND ') : 'TRUE', params };
}
