import type { DetailedError } from './tusClient';
import { MemoryType, videoUploadPath, type SubmissionResponse } from '@memory-wall/contracts';
import { apiBaseUrl } from './config';
import { keepMySubmission } from './mySubmissions';

export interface VideoSubmission {
  eventId: string;
  name: string;
  photoCaption?: string;
  title?: string;
  file: File;
}

export interface VideoUploadEvents {
  /** The share of the clip the server holds, from 0 to 1. */
  onProgress?(fraction: number): void;
  /** The connection failed; the upload goes on from where the server got to, after a wait. */
  onRetry?(): void;
}

/**
 * Each PATCH carries this much: a drop loses at most what was in flight, and a request stays short of the
 * server's request timeout on slow Wi-Fi.
 */
const CHUNK_BYTES = 4 * 1024 * 1024;
/** Venue Wi-Fi may be away for a minute or two: the upload keeps trying that long. */
const RETRY_DELAYS_MS = [0, 1000, 2000, 3000, 5000, ...Array<number>(20).fill(8000)];

/** A refusal the guest should read (the server's 4xx), in the shape the forms read (RTK Query's). */
function refusalOf(error: DetailedError | Error) {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  let data: unknown;
  try {
    data = JSON.parse(response?.getBody() ?? '');
  } catch {
    data = { message: error.message };
  }
  return { status, data };
}

/** A 4xx other than the passing ones (locked, too many requests) will not change with a retry. */
function isFinal(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 423 && status !== 429;
}

/** The upload's id, the last segment of its URL: the server stores the clip under it as its submission id. */
const uploadIdOf = (uploadUrl: string) => new URL(uploadUrl, window.location.origin).pathname.split('/').pop() ?? '';

/**
 * A guest's video clip, sent by the tus protocol: in chunks, resumed from the server's offset after the
 * connection drops (and after a reload, by the browser's record of the upload). tus-js-client is loaded
 * only here, when a clip is sent, so the guest pages stay small. Resolves with the submission's response,
 * once this device remembers the clip ("My memories"); rejects like an RTK Query error ({ status, data })
 * for the forms to read.
 */
export async function sendVideo(
  submission: VideoSubmission,
  events: VideoUploadEvents = {},
): Promise<SubmissionResponse> {
  const { Upload } = await import('./tusClient');
  const origin = apiBaseUrl().startsWith('http') ? apiBaseUrl().slice(0, -'/api'.length) : window.location.origin;
  return new Promise((resolve, reject) => {
    const metadata: Record<string, string> = {
      filename: submission.file.name,
      filetype: submission.file.type,
      name: submission.name,
    };
    if (submission.photoCaption) metadata.photoCaption = submission.photoCaption;
    if (submission.title) metadata.title = submission.title;
    const upload = new Upload(submission.file, {
      endpoint: `${origin}${videoUploadPath(submission.eventId)}`,
      metadata,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => events.onProgress?.(total ? sent / total : 0),
      onShouldRetry: (error) => {
        if (isFinal(error)) return false;
        events.onRetry?.();
        return true;
      },
      onSuccess: ({ lastResponse }) => {
        try {
          const stored = JSON.parse(lastResponse.getBody()) as SubmissionResponse;
          keepMySubmission(submission.eventId, {
            submissionId: uploadIdOf(upload.url ?? ''),
            memoryId: stored.memory.id,
            type: MemoryType.Video,
            text: submission.photoCaption ?? submission.title,
          });
          resolve(stored);
        } catch {
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- RTK Query's error shape, as the forms read it
          reject(refusalOf(new Error('The server did not confirm the clip')));
        }
      },
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- RTK Query's error shape, as the forms read it
      onError: (error) => reject(refusalOf(error)),
    });
    void upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      })
      .catch(() => undefined)
      .finally(() => upload.start());
  });
}
