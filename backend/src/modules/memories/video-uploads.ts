import { HttpException, Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { Upload } from '@tus/utils';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { MemoryMessages, SubmissionResponse, VIDEO_MAX_BYTES, videoUploadPath } from '@memory-wall/contracts';
import {
  AppConfig,
  isDomainError,
  probeLimits,
  probeVideo,
  UnsupportedVideoError,
  VideoToolLimits,
} from '@memory-wall/core';
import { toHttpException } from '../../common/api-errors';
import type { Session } from '../auth/session.store';
import { PublishedEvents } from '../events/published-events';
import { SubmissionsService } from './submissions.service';

/** An upload nobody finished is removed this long after its last byte. */
const ABANDONED_AFTER_MS = 24 * 3600_000;
const CLEAN_UP_EVERY_MS = 3600_000;
/** ffprobe reads a container's header: a few seconds at most, even on a loaded machine. */
/** A clip may run this much past its event's limit (containers round their durations). */
const LENGTH_TOLERANCE_S = 0.5;
const UPLOAD_ID = /\/submissions\/video\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** What the controller decided about a request, before tus sees it. */
interface UploadRequest {
  eventId: string;
  session: Session | undefined;
  /** The event's longest clip, in seconds. */
  maxSeconds: number;
}

/** A refusal in tus's terms (it answers `status_code` with `body`), with the API's usual error body. */
class TusRefusal extends Error {
  readonly body: string;

  constructor(
    readonly status_code: number,
    message: unknown,
    /** More of the error body: the per-field messages of a validation error. */
    more: object = {},
  ) {
    super(typeof message === 'string' ? message : JSON.stringify(message));
    const error = STATUS_CODES[status_code] ?? 'Error';
    this.body = JSON.stringify({ ...more, statusCode: status_code, error, message });
  }
}

function refusal(err: HttpException): TusRefusal {
  const body = err.getResponse();
  if (typeof body === 'string') return new TusRefusal(err.getStatus(), body);
  return new TusRefusal(err.getStatus(), (body as { message?: unknown }).message, body);
}

const refuse = (status: number, message: string) => refusal(new HttpException({ message }, status));

/** A refusal thrown by the API's code (an HTTP or a domain error) in tus's terms; null for a failure. */
function refusalOf(err: unknown): TusRefusal | null {
  if (isDomainError(err)) return refusal(toHttpException(err));
  return err instanceof HttpException ? refusal(err) : null;
}

/**
 * Guests' video clips go up by the tus protocol (@tus/server), so an upload cut by venue Wi-Fi resumes
 * where it stopped. The controller authorises every request first (the event must be live and take
 * clips); here each upload is bound to its event, its fields checked at creation, and the finished file
 * probed (a video container with a picture, no longer than the event allows) before it becomes a memory.
 * The bytes wait in VIDEO_UPLOAD_DIR until then, and are removed once stored or refused.
 */
@Injectable()
export class VideoUploads implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(VideoUploads.name);
  private readonly store: FileStore;
  private readonly tus: TusServer;
  private readonly current = new AsyncLocalStorage<UploadRequest>();
  private readonly probeLimits: VideoToolLimits;
  private cleanup?: NodeJS.Timeout;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly submissions: SubmissionsService,
    private readonly events: PublishedEvents,
  ) {
    this.probeLimits = probeLimits(config);
    this.store = new FileStore({
      directory: config.VIDEO_UPLOAD_DIR,
      expirationPeriodInMilliseconds: ABANDONED_AFTER_MS,
    });
    this.tus = new TusServer({
      path: '/api/events/submissions/video',
      datastore: this.store,
      maxSize: VIDEO_MAX_BYTES,
      relativeLocation: true,
      namingFunction: () => randomUUID(),
      generateUrl: (_req, { id }) => `${videoUploadPath(this.request().eventId)}/${id}`,
      getFileIdFromRequest: (req) => UPLOAD_ID.exec(new URL(req.url).pathname)?.[1],
      onIncomingRequest: (_req, uploadId) => this.assertSameEvent(uploadId),
      onUploadCreate: (_req, upload) => this.create(upload),
      onUploadFinish: (_req, upload) => this.finish(upload),
      onResponseError: (_req, err) => this.errorBody(err),
    });
  }

  onModuleInit() {
    this.cleanup = setInterval(() => {
      this.tus.cleanUpExpiredUploads().catch((err: Error) => this.logger.warn(`cleaning up uploads: ${err.message}`));
    }, CLEAN_UP_EVERY_MS);
    this.cleanup.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.cleanup);
  }

  /** Hands an authorised request to tus, which answers it on `res`. */
  handle(req: IncomingMessage, res: ServerResponse, request: UploadRequest): Promise<void> {
    return this.current.run(request, () => this.tus.handle(req, res));
  }

  private request(): UploadRequest {
    const request = this.current.getStore();
    if (!request) throw new Error('a tus request outside VideoUploads.handle');
    return request;
  }

  /** An upload is reached only through its own event's address. */
  private async assertSameEvent(uploadId: string): Promise<void> {
    if (!uploadId) return;
    const upload = await this.store.getUpload(uploadId).catch(() => null);
    if (upload && upload.metadata?.eventId !== this.request().eventId) throw refuse(404, 'Upload not found');
  }

  /** A new upload: its length declared up front, its fields valid; it is bound to the event. */
  private async create(upload: Upload): Promise<{ metadata: Upload['metadata'] }> {
    if (upload.size === undefined) throw refuse(400, 'Upload-Length is required');
    try {
      await this.submissions.videoFields(upload.metadata ?? {});
    } catch (err) {
      throw refusalOf(err) ?? err;
    }
    return { metadata: { ...upload.metadata, eventId: this.request().eventId } };
  }

  /**
   * The last byte is in: the file is probed, stored as a memory, and its upload removed. A refusal (not a
   * video, too long) removes it too; the answer carries the submission's response, as a photo's does.
   */
  private async finish(upload: Upload) {
    const { eventId, session, maxSeconds } = this.request();
    const path = join(this.config.VIDEO_UPLOAD_DIR, upload.id);
    try {
      const fields = await this.submissions.videoFields(upload.metadata ?? {});
      let duration: number;
      try {
        ({ duration } = await probeVideo(path, this.probeLimits));
      } catch (err) {
        if (err instanceof UnsupportedVideoError) throw refuse(400, MemoryMessages.invalidFileType);
        throw err;
      }
      if (duration > maxSeconds + LENGTH_TOLERANCE_S) throw refuse(413, MemoryMessages.videoTooLong);
      const response: SubmissionResponse = await this.submissions.submitVideo(
        eventId,
        { id: upload.id, path, size: upload.size ?? upload.offset },
        fields,
        session,
      );
      return { status_code: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(response) };
    } catch (err) {
      throw refusalOf(err) ?? err;
    } finally {
      await this.store.remove(upload.id).catch(() => undefined);
    }
  }

  /** tus's own refusals (too large, gone) in the API's words; ours pass as made. */
  private errorBody(err: Error | { status_code: number; body: string }): { status_code: number; body: string } {
    if (err instanceof TusRefusal) return { status_code: err.status_code, body: err.body };
    if (!('status_code' in err)) {
      this.logger.error(`video upload failed: ${err.message}`);
      const answer = refuse(500, 'The upload could not be stored');
      return { status_code: answer.status_code, body: answer.body };
    }
    const answer =
      err.status_code === 413 ? refuse(413, MemoryMessages.fileTooLarge) : refuse(err.status_code, err.body.trim());
    return { status_code: answer.status_code, body: answer.body };
  }
}
