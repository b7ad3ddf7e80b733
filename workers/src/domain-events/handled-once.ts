import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * Runs a handler's work for an event at most once to completion: its (event, handler) row is inserted in the
 * transaction that wraps the work, so a redelivered event (a job run again after its worker died, an event
 * relayed twice) finds the row and does nothing, while a failed run leaves no row and is retried. A
 * concurrent second run waits on the row's key, then finds it. The work's own effects outside PostgreSQL
 * (jobs added) are idempotent by their ids, for a commit lost after them.
 */
@Injectable()
export class HandledOnce {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Whether the work ran now (false: it had run before). */
  run(eventId: string, handler: string, work: () => Promise<void>): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const claimed: unknown[] = await tx.query(
        `INSERT INTO "domain_event_handlings" ("eventId", "handler") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "eventId"`,
        [eventId, handler],
      );
      if (!claimed.length) return false;
      await work();
      return true;
    });
  }
}
