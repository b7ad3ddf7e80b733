import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import {
  DomainEventName,
  KeepsakeJobData,
  KeepsakeKind,
  KeepsakeMessages,
  KeepsakeStatus,
  LiveMessageType,
} from '@memory-wall/contracts';
import {
  EventRepository,
  Keepsake,
  keepsakeKey,
  LivePublisher,
  MemoryRepository,
  ObjectStorage,
  recordDomainEvent,
  toKeepsakeView,
} from '@memory-wall/core';
import { KeepsakeContext, writeArchive, WrittenKeepsake } from './archive-writer';
import { writeBook } from './book-writer';

/** Progress is saved and announced at most this often (and at every whole percent at most once). */
const PROGRESS_INTERVAL_MS = 500;

/**
 * Builds one keepsake of one request (its generation): marks it building, writes the file into storage
 * (which makes it visible only once whole: local disk writes aside and renames, S3 completes a multipart
 * upload), then marks it ready with its size and report. A run killed midway is run again from the start by
 * BullMQ and writes the whole file again; a run for a generation that a newer request superseded does nothing,
 * and a file it finished anyway is removed.
 */
@Injectable()
export class KeepsakeBuilder {
  private readonly logger = new Logger(KeepsakeBuilder.name);

  constructor(
    @InjectRepository(Keepsake) private readonly keepsakes: Repository<Keepsake>,
    private readonly events: EventRepository,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    private readonly memories: MemoryRepository,
    private readonly live: LivePublisher,
  ) {}

  async build({ keepsakeId, generation }: KeepsakeJobData): Promise<void> {
    const started = await this.keepsakes.update(
      {
        id: keepsakeId,
        generation,
        status: In([KeepsakeStatus.Queued, KeepsakeStatus.Building, KeepsakeStatus.Failed]),
      },
      { status: KeepsakeStatus.Building, progress: 0, error: null },
    );
    if (!started.affected) return; // superseded, or already built by an earlier run
    const keepsake = await this.keepsakes.findOneByOrFail({ id: keepsakeId });
    await this.announce(keepsake);
    const event = await this.events.getById(keepsake.eventId);
    const total = await this.memories.countOnWall(event.id);
    if (total === 0) return this.fail(keepsake, KeepsakeMessages.nothingToKeep);

    const key = keepsakeKey(keepsake);
    const context: KeepsakeContext = {
      storage: this.storage,
      memories: this.memories,
      event,
      total,
      progress: this.progressOf(keepsake, total),
    };
    const written = await this.write(keepsake.kind, context, key);
    await this.finish(keepsake, key, written);
  }

  private write(kind: KeepsakeKind, context: KeepsakeContext, key: string): Promise<WrittenKeepsake> {
    return kind === KeepsakeKind.Archive ? writeArchive(context, key) : writeBook(context, key, kind);
  }

  private async finish(keepsake: Keepsake, key: string, written: WrittenKeepsake) {
    const previous = keepsake.objectKey;
    // The ready mail's event is recorded with the change: a build that is done is announced once.
    const done = await this.keepsakes.manager.transaction(async (tx) => {
      const updated = await tx.update(
        Keepsake,
        { id: keepsake.id, generation: keepsake.generation, status: KeepsakeStatus.Building },
        { status: KeepsakeStatus.Ready, progress: 100, objectKey: key, size: written.size, missing: written.missing },
      );
      if (updated.affected)
        await recordDomainEvent(tx, DomainEventName.KeepsakeReady, {
          keepsakeId: keepsake.id,
          eventId: keepsake.eventId,
          generation: keepsake.generation,
        });
      return updated;
    });
    if (!done.affected) {
      await this.storage.remove(key);
      return;
    }
    if (previous && previous !== key) await this.storage.remove(previous).catch(() => undefined);
    await this.announce(await this.keepsakes.findOneByOrFail({ id: keepsake.id }));
    if (written.missing.length)
      this.logger.warn(`keepsake ${keepsake.id}: ${written.missing.length} objects missing from storage`);
  }

  /** Marks the build failed (its last attempt, or nothing to build), for hosts to see why. */
  async fail(keepsake: Pick<Keepsake, 'id' | 'generation'>, error: string): Promise<void> {
    const failed = await this.keepsakes.update(
      {
        id: keepsake.id,
        generation: keepsake.generation,
        status: In([KeepsakeStatus.Queued, KeepsakeStatus.Building]),
      },
      { status: KeepsakeStatus.Failed, error },
    );
    if (failed.affected) await this.announce(await this.keepsakes.findOneByOrFail({ id: keepsake.id }));
  }

  private progressOf(keepsake: Keepsake, total: number) {
    let savedAt = 0;
    let saved = 0;
    return async (done: number) => {
      const percent = Math.min(99, Math.floor((done / total) * 100));
      if (percent === saved || Date.now() - savedAt < PROGRESS_INTERVAL_MS) return;
      saved = percent;
      savedAt = Date.now();
      await this.keepsakes.update({ id: keepsake.id, generation: keepsake.generation }, { progress: percent });
      await this.announce({ ...keepsake, status: KeepsakeStatus.Building, progress: percent, updatedAt: new Date() });
    };
  }

  /** Tells the event's hosts (their live feed) where the keepsake stands. */
  private async announce(keepsake: Keepsake) {
    await this.live
      .publish(keepsake.eventId, {
        hosts: { type: LiveMessageType.KeepsakeUpdated, keepsake: toKeepsakeView(keepsake) },
      })
      .catch((err: Error) => this.logger.warn(`keepsake ${keepsake.id} progress not announced: ${err.message}`));
  }
}
