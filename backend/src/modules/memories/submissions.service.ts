import { BadRequestException, Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BooleanText,
  BULK_PHOTO_MAX_BYTES,
  DRAWING_MAX_BYTES,
  isMostlyChinese,
  MemoryMessages,
  MemoryType,
  SubmissionResponse,
} from '@memory-wall/contracts';
import { inspectImage, MemoryQueue, ObjectStorage, originalKey, UnsupportedImageError } from '@memory-wall/core';
import { validationException } from '../../common/api-errors';
import type { Session } from '../auth/session.store';
import { EventAccess } from '../events/event-access';
import { EventsService } from '../events/events.service';
import { FileTooLargeException, ReceivedFile } from '../uploads/upload-file';
import { CreateMessageSubmissionDto } from './dto/create-message-submission.dto';
import { DrawingSubmissionDto, PhotoSubmissionFields } from './dto/image-submission.dto';
import { MemoryInserts, NewMemory } from './memory-inserts';

const MIME = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' } as const;

/**
 * Guests' (and hosts') submissions. Each is stored durably in state 'processing' and handed to the
 * workers; the row is the record of the work, so a submission answered 2xx is never lost (the workers'
 * outbox sweeper enqueues it if Redis was away).
 */
@Injectable()
export class SubmissionsService {
  constructor(
    private readonly inserts: MemoryInserts,
    private readonly events: EventsService,
    private readonly access: EventAccess,
    private readonly storage: ObjectStorage,
    private readonly queue: MemoryQueue,
  ) {}

  /** Checked before an upload is read: no bytes are stored for an event that takes none. */
  assertAccepting(eventId: string) {
    return this.events.assertAcceptingMemories(eventId);
  }

  async submitMessage(eventId: string, dto: CreateMessageSubmissionDto, session?: Session): Promise<SubmissionResponse> {
    await this.assertAccepting(eventId);
    return this.store({
      id: randomUUID(),
      eventId,
      type: MemoryType.Message,
      content: dto.message,
      title: dto.title || null,
      author: dto.name,
      language: isMostlyChinese(dto.message) ? 'zh' : 'en',
      settings: { byHost: await this.isHost(session, eventId) },
    });
  }

  async submitPhoto(eventId: string, file: ReceivedFile, session?: Session): Promise<SubmissionResponse> {
    const fields = await validated(PhotoSubmissionFields, file.fields);
    if (fields.bulk === BooleanText.True && file.size > BULK_PHOTO_MAX_BYTES) throw new FileTooLargeException(MemoryMessages.bulkFileTooLarge);
    return this.submitImage(eventId, MemoryType.Photo, file.path, file.size, fields, session);
  }

  async submitDrawing(eventId: string, dto: DrawingSubmissionDto, session?: Session): Promise<SubmissionResponse> {
    await this.assertAccepting(eventId);
    const png = Buffer.from(dto.content.slice(dto.content.indexOf(',') + 1), 'base64');
    if (png.length > DRAWING_MAX_BYTES) throw new FileTooLargeException(MemoryMessages.fileTooLarge);
    const path = join(tmpdir(), `mw-drawing-${randomUUID()}`);
    await writeFile(path, png);
    try {
      return await this.submitImage(eventId, MemoryType.Drawing, path, png.length, dto, session, ['png']);
    } finally {
      await rm(path, { force: true });
    }
  }

  /** Checks the bytes are an accepted image, keeps the original privately, and records the memory. */
  private async submitImage(
    eventId: string,
    type: typeof MemoryType.Photo | typeof MemoryType.Drawing,
    path: string,
    size: number,
    fields: { name: string; photoCaption?: string; title?: string },
    session: Session | undefined,
    formats: ReadonlyArray<keyof typeof MIME> = ['jpeg', 'png', 'gif', 'webp'],
  ): Promise<SubmissionResponse> {
    await this.assertAccepting(eventId);
    let format: keyof typeof MIME;
    try {
      format = (await inspectImage(path)).format;
    } catch (err) {
      if (err instanceof UnsupportedImageError) throw new BadRequestException(type === MemoryType.Drawing ? MemoryMessages.drawingRequired : MemoryMessages.invalidFileType);
      throw err;
    }
    if (!formats.includes(format)) throw new BadRequestException(MemoryMessages.drawingRequired);

    const id = randomUUID();
    await this.storage.put(originalKey(eventId, id), createReadStream(path), MIME[format], size);
    const caption = fields.photoCaption || null;
    return this.store({
      id,
      eventId,
      type,
      content: '',
      title: fields.title || null,
      photoCaption: caption,
      author: fields.name,
      language: isMostlyChinese(`${caption ?? ''}${fields.title ?? ''}`) ? 'zh' : 'en',
      settings: { byHost: await this.isHost(session, eventId) },
    });
  }

  /** Stores the memory (committed before the guest hears of it), then hands it to the workers. */
  private async store(memory: NewMemory): Promise<SubmissionResponse> {
    await this.inserts.insert(memory);
    await this.queue.tryEnqueue(memory);
    return { success: true, memory: { id: memory.id, eventId: memory.eventId, approved: false } };
  }

  /** Memories a host adds to its own event skip moderation: the hosts are the moderators. */
  private isHost(session: Session | undefined, eventId: string): Promise<boolean> {
    return this.access.canManage(session, eventId, ['canModerate']);
  }
}

async function validated<T extends object>(type: new () => T, plain: Record<string, string>): Promise<T> {
  const instance = plainToInstance(type, plain);
  const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length) throw validationException(errors);
  return instance;
}
