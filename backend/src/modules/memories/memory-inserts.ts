import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import DataLoader from 'dataloader';
import { Repository } from 'typeorm';
import { Memory } from '@memory-wall/core';

/** The columns a submission sets; the rest take their defaults. */
export type NewMemory = Pick<Memory, 'id' | 'eventId' | 'type' | 'content' | 'title' | 'author' | 'language' | 'settings'> &
  Partial<Pick<Memory, 'photoCaption'>>;

const COLUMNS = ['id', 'eventId', 'type', 'content', 'title', 'photoCaption', 'author', 'language', 'settings'];
/** Far below PostgreSQL's 65,535 parameters per statement. */
const MAX_ROWS = 500;

const valuesOf = (m: NewMemory) => [m.id, m.eventId, m.type, m.content, m.title, m.photoCaption ?? null, m.author, m.language, JSON.stringify(m.settings)];

const statements = new Map<number, string>();
/** `INSERT … VALUES ($1, …, $9), ($10, …)` for `rows` rows: plain, the ids are ours and nothing needs returning. */
function insertStatement(rows: number): string {
  let sql = statements.get(rows);
  if (!sql) {
    const tuple = (row: number) => `(${COLUMNS.map((_, column) => `$${row * COLUMNS.length + column + 1}`).join(', ')})`;
    sql = `INSERT INTO "memories" (${COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES ${Array.from({ length: rows }, (_, row) => tuple(row)).join(', ')}`;
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
 * deleted meanwhile) fails only its own submission.
 */
@Injectable()
export class MemoryInserts {
  private readonly batches = new DataLoader<NewMemory, void>((rows) => this.insertAll(rows), {
    cache: false,
    batchScheduleFn: (insert) => setImmediate(insert),
    maxBatchSize: MAX_ROWS,
  });

  constructor(@InjectRepository(Memory) private readonly memories: Repository<Memory>) {}

  insert(memory: NewMemory): Promise<void> {
    return this.batches.load(memory);
  }

  private async insertAll(rows: readonly NewMemory[]): Promise<Array<void | Error>> {
    try {
      await this.insertRows(rows);
      return rows.map(() => undefined);
    } catch (err) {
      if (rows.length === 1) return [err as Error];
      return Promise.all(rows.map((row) => this.insertRows([row]).then(() => undefined, (rowError: Error) => rowError)));
    }
  }

  private async insertRows(rows: readonly NewMemory[]): Promise<void> {
    await this.memories.query(insertStatement(rows.length), rows.flatMap(valuesOf));
  }
}
