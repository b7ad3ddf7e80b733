import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import DataLoader from 'dataloader';
import { Repository } from 'typeorm';
import { Memory } from '@memory-wall/core';

/** The columns a submission sets; the rest take their defaults. */
export type NewMemory = Pick<Memory, 'id' | 'eventId' | 'type' | 'content' | 'title' | 'author' | 'language' | 'settings'> &
  Partial<Pick<Memory, 'photoCaption' | 'submissionId' | 'submissionDigest'>>;

/** A stored submission, found by the client's id of it. */
export type StoredSubmission = Pick<Memory, 'id' | 'submissionDigest'>;

const COLUMNS = ['id', 'eventId', 'type', 'content', 'title', 'photoCaption', 'author', 'language', 'settings', 'submissionId', 'submissionDigest'];
/** Far below PostgreSQL's 65,535 parameters per statement. */
const MAX_ROWS = 500;

const valuesOf = (m: NewMemory) => [
  m.id,
  m.eventId,
  m.type,
  m.content,
  m.title,
  m.photoCaption ?? null,
  m.author,
  m.language,
  JSON.stringify(m.settings),
  m.submissionId ?? null,
  m.submissionDigest ?? null,
];

const statements = new Map<number, string>();
/**
 * `INSERT … VALUES ($1, …, $11), ($12, …)` for `rows` rows. A row whose submission id the event already has
 * (a retry, even one in the same statement) is skipped; RETURNING names the rows stored.
 */
function insertStatement(rows: number): string {
  let sql = statements.get(rows);
  if (!sql) {
    const tuple = (row: number) => `(${COLUMNS.map((_, column) => `$${row * COLUMNS.length + column + 1}`).join(', ')})`;
    sql = `INSERT INTO "memories" (${COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES ${Array.from({ length: rows }, (_, row) => tuple(row)).join(', ')} ON CONFLICT ("eventId", "submissionId") DO NOTHING RETURNING "id"`;
    statements.set(rows, sql);
  }
  return sql;
}

/**
 * Stores guests' new memories with one INSERT for every submission that reaches it in the same turn of
 * the event loop, a group commit: under load, concurrent submissions share one round trip to PostgreSQL
 * and one commit instead of paying one each (the busiest write of an event), and alone a submission
 * waits for nothing but the end of the turn. Each caller's promise settles once its own row is
 * committed. When a shared INSERT fails, its rows are stored one by one, so that a bad row (an event
 * deleted meanwhile) fails only its own submission. Each caller learns whether its row was stored, or
 * skipped as a repeat of a submission id the event already has.
 */
@Injectable()
export class MemoryInserts {
  private readonly batches = new DataLoader<NewMemory, boolean>((rows) => this.insertAll(rows), {
    cache: false,
    batchScheduleFn: (insert) => setImmediate(insert),
    maxBatchSize: MAX_ROWS,
  });

  constructor(@InjectRepository(Memory) private readonly memories: Repository<Memory>) {}

  /** Stores the memory; false when the event already has a memory of its submission id (nothing stored). */
  insert(memory: NewMemory): Promise<boolean> {
    return this.batches.load(memory);
  }

  /** The event's memory stored for this submission id, if any. */
  async findSubmission(eventId: string, submissionId: string): Promise<StoredSubmission | null> {
    return this.memories.findOne({ where: { eventId, submissionId }, select: { id: true, submissionDigest: true } });
  }

  private async insertAll(rows: readonly NewMemory[]): Promise<Array<boolean | Error>> {
    try {
      return await this.insertRows(rows);
    } catch (err) {
      if (rows.length === 1) return [err as Error];
      return Promise.all(rows.map((row) => this.insertRows([row]).then(([stored]) => stored, (rowError: Error) => rowError)));
    }
  }

  private async insertRows(rows: readonly NewMemory[]): Promise<boolean[]> {
    const stored: Array<{ id: string }> = await this.memories.query(insertStatement(rows.length), rows.flatMap(valuesOf));
    const ids = new Set(stored.map(({ id }) => id));
    return rows.map((row) => ids.has(row.id));
  }
}
