import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { DomainEvent, DomainEventName, QueueName } from '@memory-wall/contracts';
import { AppConfig, DOMAIN_EVENTS_CHANNEL, MemoryQueue } from '@memory-wall/core';

/** How often the relay looks without being told: the bound on the delay when a notification was missed. */
export const RELAY_POLL_MS = 2_000;
const RELAY_BATCH = 200;
const ADD_TIMEOUT_MS = 2_000;
const RELISTEN_MS = 1_000;

interface OutboxRow {
  id: string;
  name: DomainEventName;
  payload: DomainEvent['payload'];
  occurredAt: Date;
}

/**
 * Relays the domain events outbox to BullMQ: one job per event on the domain-events queue, its id the
 * event's, so relaying an event again (a commit lost after the add) adds nothing. Batches are taken with
 * FOR UPDATE SKIP LOCKED, so every workers process can relay at once without taking the same rows, and
 * marked published in the transaction that took them: while Redis is away the add fails, the transaction
 * rolls back, and the rows wait for the next try. Woken by the outbox's NOTIFY at each commit (the memories'
 * events, the busiest, do not notify: they wait for the poll).
 */
@Injectable()
export class DomainEventRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DomainEventRelay.name);
  private timer?: NodeJS.Timeout;
  private listener?: Client;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(MemoryQueue) private readonly queues: MemoryQueue,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => this.nudge(), RELAY_POLL_MS);
    void this.listen();
    this.nudge();
  }

  /** Relays now, or once more right after the run in progress. */
  nudge(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.relayAll().then(() => {
      this.running = undefined;
      if (this.again && !this.stopped) {
        this.again = false;
        this.nudge();
      }
    });
  }

  /** Relays batches until the outbox is empty or a batch fails; answers how many events were relayed. */
  async relayAll(): Promise<number> {
    let relayed = 0;
    try {
      for (;;) {
        const batch = await this.relayBatch();
        relayed += batch;
        if (batch < RELAY_BATCH) return relayed;
      }
    } catch (err) {
      this.logger.warn(`domain events wait in the outbox: ${(err as Error).message}`);
      return relayed;
    }
  }

  private relayBatch(): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const rows: OutboxRow[] = await tx.query(
        `SELECT "id", "name", "payload", "occurredAt" FROM "domain_events" WHERE "publishedAt" IS NULL
         ORDER BY "occurredAt" LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [RELAY_BATCH],
      );
      if (!rows.length) return 0;
      await this.add(rows);
      await tx.query(`UPDATE "domain_events" SET "publishedAt" = now() WHERE "id" = ANY($1)`, [rows.map((r) => r.id)]);
      return rows.length;
    });
  }

  /** Adds the jobs, or throws when Redis does not take them in time (the producer's connection fails fast). */
  private async add(rows: OutboxRow[]): Promise<void> {
    const jobs = rows.map((row) => ({
      name: row.name,
      data: { id: row.id, name: row.name, payload: row.payload, occurredAt: row.occurredAt.toISOString() },
      opts: { jobId: row.id },
    }));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from Redis in ${ADD_TIMEOUT_MS} ms`)), ADD_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.queues.queues[QueueName.DomainEvents].addBulk(jobs), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** LISTENs on a connection of its own (a pooled one would lose it); listens again after losing it. */
  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.config.DATABASE_URL });
    this.listener = client;
    const relisten = () => {
      if (this.stopped || this.listener !== client) return;
      this.listener = undefined;
      client.removeAllListeners();
      void client.end().catch(() => undefined);
      setTimeout(() => void this.listen(), RELISTEN_MS);
    };
    client.on('error', relisten);
    client.on('end', relisten);
    client.on('notification', () => this.nudge());
    try {
      await client.connect();
      await client.query(`LISTEN ${DOMAIN_EVENTS_CHANNEL}`);
      // Whatever was committed while not listening.
      this.nudge();
    } catch (err) {
      this.logger.warn(`cannot listen for domain events, polling meanwhile: ${(err as Error).message}`);
      relisten();
    }
  }

  async onApplicationShutdown() {
    this.stopped = true;
    clearInterval(this.timer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.running;
  }
}
