import { Inject, Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BooleanText,
  BULK_PHOTO_MAX_BYTES,
  DomainErrorCode,
  DRAWING_MAX_BYTES,
  isMostlyChinese,
  MemoryMessages,
  MemoryType,
  SubmissionResponse,
  VIDEO_METADATA_FIELDS,
  VOICE_MAX_SECONDS,
} from '@memory-wall/contracts';
import {
  AppConfig,
  DomainError,
  ImageTooLargeError,
  inspectImage,
  MemoryQueue,
  NewMemory,
  ObjectStorage,
  originalKey,
  StoredSubmission,
  probeAudio,
  UnsupportedAudioError,
  UnsupportedImageError,
  probeLimits,
} from '@memory-wall/core';
import { validationError } from '../../common/api-errors';
import { bodyShapeProblem } from '../../common/request-limits';
import type { Session } from '../auth/session.store';
import { EventAccess } from '../events/event-access';
import { PublishedEvents } from '../events/published-events';
import { ReceivedFile } from '../uploads/upload-file';
import { CreateMessageSubmissionDto } from './dto/create-message-submission.dto';
import { DrawingSubmissionDto, ImageSubmissionFields, PhotoSubmissionFields } from './dto/image-submission.dto';
import { MemoryInserts } from './memory-inserts';

const MIME = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heif: 'image/heif',
} as const;

/** ffprobe reads a recording of a few megabytes: seconds at most, even on a loaded machine. */
/** A recording may run this much past the limit (a browser stops its recorder a little late). */
const VOICE_TOLERANCE_S = 1;

/** A submission the client named (SUBMISSION_ID_HEADER), and the digest of what it carries. */
interface NamedSubmission {
  id: string;
  digest: string;
}

/**
 * Guests' (and hosts') submissions. Each is stored durably in state 'processing' and handed to the
 * workers; the row is the record of the work, so a submission answered 2xx is never lost (the workers'
 * outbox sweeper enqueues it if Redis was away). A submission the client named with an id is stored once
 * per event however often it is retried: a repeat is answered with the stored memory, as the first time.
 */
@Injectable()
export class SubmissionsService {
  constructor(
    private readonly inserts: MemoryInserts,
    private readonly events: PublishedEvents,
    private readonly access: EventAccess,
    private readonly storage: ObjectStorage,
    private readonly queue: MemoryQueue,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** Checked before an upload is read: no bytes are stored for an event that takes none. */
  assertAccepting(eventId: string) {
    return this.events.assertAcceptingMemories(eventId);
  }

  /** Checked before a recording is read: the event is live and takes voice messages. */
  assertAcceptingVoice(eventId: string) {
    return this.events.assertAcceptingVoice(eventId);
  }

  async submitMessage(
    eventId: string,
    dto: CreateMessageSubmissionDto,
    session?: Session,
    submissionId?: string,
  ): Promise<SubmissionResponse> {
    await this.assertAccepting(eventId);
    const submission = named(submissionId, [MemoryType.Message, dto.name, dto.message, dto.title ?? null]);
    return this.storeOnce(eventId, submission, async () => ({
      id: randomUUID(),
      eventId,
      type: MemoryType.Message,
      content: dto.message,
      title: dto.title || null,
      author: dto.name,
      language: isMostlyChinese(dto.message) ? 'zh' : 'en',
      settings: { byHost: await this.isHost(session, eventId) },
    }));
  }

  async submitPhoto(
    eventId: string,
    file: ReceivedFile,
    session?: Session,
    submissionId?: string,
  ): Promise<SubmissionResponse> {
    const fields = await validated(PhotoSubmissionFields, file.fields);
    if (fields.bulk === BooleanText.True && file.size > BULK_PHOTO_MAX_BYTES)
      throw new DomainError(DomainErrorCode.TooLarge, MemoryMessages.bulkFileTooLarge);
    const submission = submissionId
      ? named(submissionId, [
          MemoryType.Photo,
          fields.name,
          fields.photoCaption ?? null,
          fields.title ?? null,
          fields.bulk ?? null,
          await fileDigest(file.path),
        ])
      : undefined;
    return this.submitImage(eventId, MemoryType.Photo, file.path, file.size, fields, session, submission);
  }

  async submitDrawing(
    eventId: string,
    dto: DrawingSubmissionDto,
    session?: Session,
    submissionId?: string,
  ): Promise<SubmissionResponse> {
    await this.assertAccepting(eventId);
    const png = Buffer.from(dto.content.slice(dto.content.indexOf(',') + 1), 'base64');
    if (png.length > DRAWING_MAX_BYTES) throw new DomainError(DomainErrorCode.TooLarge, MemoryMessages.fileTooLarge);
    const submission = named(submissionId, [
      MemoryType.Drawing,
      dto.name,
      dto.photoCaption ?? null,
      dto.title ?? null,
      dto.content,
    ]);
    const path = join(tmpdir(), `mw-drawing-${randomUUID()}`);
    await writeFile(path, png);
    try {
      return await this.submitImage(eventId, MemoryType.Drawing, path, png.length, dto, session, submission, ['png']);
    } finally {
      await rm(path, { force: true });
    }
  }

  /**
   * A voice message: refused unless ffprobe finds sound in an audio container, at most VOICE_MAX_SECONDS
   * long; then its original is kept privately and the memory recorded, for the workers to transcode.
   */
  async submitVoice(
    eventId: string,
    file: ReceivedFile,
    session?: Session,
    submissionId?: string,
  ): Promise<SubmissionResponse> {
    const fields = await validated(ImageSubmissionFields, file.fields);
    let duration: number;
    try {
      ({ duration } = await probeAudio(file.path, VOICE_MAX_SECONDS + 5, probeLimits(this.config)));
    } catch (err) {
      if (err instanceof UnsupportedAudioError)
        throw new DomainError(DomainErrorCode.Invalid, MemoryMessages.invalidFileType);
      throw err;
    }
    if (duration > VOICE_MAX_SECONDS + VOICE_TOLERANCE_S)
      throw new DomainError(DomainErrorCode.TooLarge, MemoryMessages.voiceTooLong);
    const submission = submissionId
      ? named(submissionId, [
          MemoryType.Voice,
          fields.name,
          fields.photoCaption ?? null,
          fields.title ?? null,
          await fileDigest(file.path),
        ])
      : undefined;
    return this.storeRecording(eventId, submission, MemoryType.Voice, file, fields, session);
  }

  /** The form fields a video clip's upload carries (tus metadata), checked as a photo's are. */
  videoFields(metadata: Record<string, string | null | undefined>): Promise<ImageSubmissionFields> {
    const fields = Object.fromEntries(
      VIDEO_METADATA_FIELDS.flatMap((name) => (typeof metadata[name] === 'string' ? [[name, metadata[name]]] : [])),
    );
    return validated(ImageSubmissionFields, fields);
  }

  /**
   * A video clip whose upload (`uploadId`, the submission's id: a retried finish stores it once) is complete
   * and probed: its original is kept privately and the memory recorded, for the workers to transcode.
   */
  async submitVideo(
    eventId: string,
    upload: { id: string; path: string; size: number },
    fields: ImageSubmissionFields,
    session: Session | undefined,
  ): Promise<SubmissionResponse> {
    const submission = named(upload.id, [
      MemoryType.Video,
      fields.name,
      fields.photoCaption ?? null,
      fields.title ?? null,
      upload.size,
    ]);
    return this.storeRecording(eventId, submission, MemoryType.Video, upload, fields, session);
  }

  /**
   * A recording (a voice message or a video clip) checked already: its original is kept privately as it
   * came, and the memory recorded for the workers to transcode.
   */
  private storeRecording(
    eventId: string,
    submission: NamedSubmission | undefined,
    type: typeof MemoryType.Voice | typeof MemoryType.Video,
    file: { path: string; size: number },
    fields: ImageSubmissionFields,
    session: Session | undefined,
  ): Promise<SubmissionResponse> {
    return this.storeOriginal(eventId, submission, type, file, 'application/octet-stream', fields, session);
  }

  /**
   * A file checked already (an image, a recording) whose original is kept privately, under `mime`, and the
   * memory recorded for the workers; the original is removed again if a concurrent repeat was stored first.
   */
  private storeOriginal(
    eventId: string,
    submission: NamedSubmission | undefined,
    type: MemoryType,
    file: { path: string; size: number },
    mime: string,
    fields: { name: string; photoCaption?: string; title?: string },
    session: Session | undefined,
  ): Promise<SubmissionResponse> {
    const caption = fields.photoCaption || null;
    return this.storeOnce(
      eventId,
      submission,
      async () => {
        const id = randomUUID();
        await this.storage.put(originalKey(eventId, id), createReadStream(file.path), mime, file.size);
        return {
          id,
          eventId,
          type,
          content: '',
          title: fields.title || null,
          photoCaption: caption,
          author: fields.name,
          language: isMostlyChinese(`${caption ?? ''}${fields.title ?? ''}`) ? 'zh' : 'en',
          settings: { byHost: await this.isHost(session, eventId) },
        };
      },
      (memory) => this.storage.remove(originalKey(eventId, memory.id)),
    );
  }

  /** Checks the bytes are an accepted image, keeps the original privately, and records the memory. */
  private async submitImage(
    eventId: string,
    type: typeof MemoryType.Photo | typeof MemoryType.Drawing,
    path: string,
    size: number,
    fields: { name: string; photoCaption?: string; title?: string },
    session: Session | undefined,
    submission: NamedSubmission | undefined,
    formats: ReadonlyArray<keyof typeof MIME> = ['jpeg', 'png', 'gif', 'webp', 'heif'],
  ): Promise<SubmissionResponse> {
    await this.assertAccepting(eventId);
    let format: keyof typeof MIME;
    try {
      format = (await inspectImage(path)).format;
    } catch (err) {
      if (err instanceof ImageTooLargeError && type === MemoryType.Photo)
        throw new DomainError(DomainErrorCode.TooLarge, MemoryMessages.fileTooLarge);
      if (err instanceof UnsupportedImageError)
        throw new DomainError(
          DomainErrorCode.Invalid,
          type === MemoryType.Drawing ? MemoryMessages.drawingRequired : MemoryMessages.invalidFileType,
        );
      throw err;
    }
    if (!formats.includes(format)) throw new DomainError(DomainErrorCode.Invalid, MemoryMessages.drawingRequired);
    return this.storeOriginal(eventId, submission, type, { path, size }, MIME[format], fields, session);
  }

  /**
   * Stores the memory `build` makes (committed before the guest hears of it), then hands it to the workers.
   * A named submission the event already has is answered as the first time, and stores nothing; when a
   * concurrent repeat stored it first, what `build` made is undone with `discard`.
   */
  private async storeOnce(
    eventId: string,
    submission: NamedSubmission | undefined,
    build: () => Promise<NewMemory>,
    discard?: (memory: NewMemory) => Promise<void>,
  ): Promise<SubmissionResponse> {
    if (submission) {
      const prior = await this.inserts.findSubmission(eventId, submission.id);
      if (prior) return repeated(eventId, prior, submission);
    }
    const memory: NewMemory = {
      ...(await build()),
      submissionId: submission?.id ?? null,
      submissionDigest: submission?.digest ?? null,
    };
    if (await this.inserts.insert(memory)) {
      await this.queue.tryEnqueue(memory);
      return created(memory.id, eventId);
    }
    await discard?.(memory);
    const winner = submission && (await this.inserts.findSubmission(eventId, submission.id));
    if (!winner) throw new Error(`Memory ${memory.id} was neither stored nor found by its submission id`);
    return repeated(eventId, winner, submission);
  }

  /** Memories a host adds to its own event skip moderation: the hosts are the moderators. */
  private isHost(session: Session | undefined, eventId: string): Promise<boolean> {
    return this.access.canManage(session, eventId, ['canModerate']);
  }
}

function created(id: string, eventId: string): SubmissionResponse {
  return { success: true, memory: { id, eventId, approved: false } };
}

/** The answer to a repeat: the first answer again, or 409 when the id came with other content. */
function repeated(eventId: string, prior: StoredSubmission, submission: NamedSubmission): SubmissionResponse {
  if (prior.submissionDigest !== submission.digest)
    throw new DomainError(DomainErrorCode.Conflict, MemoryMessages.submissionIdReused);
  return created(prior.id, eventId);
}

/** The submission named by the client, with a digest of `content` (the fields as stored, the file's digest). */
function named(submissionId: string | undefined, content: unknown[]): NamedSubmission | undefined {
  if (!submissionId) return undefined;
  return { id: submissionId, digest: createHash('sha256').update(JSON.stringify(content)).digest('hex') };
}

async function fileDigest(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function validated<T extends object>(type: new () => T, plain: Record<string, string>): Promise<T> {
  // A form's fields and a clip's tus metadata follow the rules of every other body (a NUL, say, is refused).
  const problem = bodyShapeProblem(plain);
  if (problem) throw new DomainError(DomainErrorCode.Invalid, problem);
  const instance = plainToInstance(type, plain);
  const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length) throw validationError(errors);
  return instance;
}
