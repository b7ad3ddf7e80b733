import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { MemoryRepository, NewMemory, StoredSubmission } from '@memory-wall/core';

/** Far below PostgreSQL's 65,535 parameters per statement. */
const MAX_ROWS = 500;

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

  constructor(private readonly memories: MemoryRepository) {}

  /** Stores the memory; false when the event already has a memory of its submission id (nothing stored). */
  insert(memory: NewMemory): Promise<boolean> {
    return this.batches.load(memory);
  }

  /** The event's memory stored for this submission id, if any. */
  findSubmission(eventId: string, submissionId: string): Promise<StoredSubmission | null> {
    return this.memories.findSubmission(eventId, submissionId);
  }

  private async insertAll(rows: readonly NewMemory[]): Promise<Array<boolean | Error>> {
    try {
      return await this.insertRows(rows);
    } catch (err) {
      if (rows.length === 1) return [err as Error];
      return Promise.all(
        rows.map((row) =>
          this.insertRows([row]).then(
            ([stored]) => stored,
            (rowError: Error) => rowError,
          ),
        ),
      );
    }
  }

  private async insertRows(rows: readonly NewMemory[]): Promise<boolean[]> {
    const stored = await this.memories.insert(rows);
    return rows.map((row) => stored.has(row.id));
  }
}
