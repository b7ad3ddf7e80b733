import {
  MemoryType,
  SUBMISSION_ID_HEADER,
  type ImageSubmissionFields,
  type SubmissionResponse,
} from '@memory-wall/contracts';
import { apiBaseUrl } from './config';
import { keepMySubmission } from './mySubmissions';
import { newSubmissionId, withRetries } from './submissionRetry';
import { photoForm, submissionUrl, type PhotoSubmission } from './submissions';
import { postForm } from './upload';

// The photo and voice forms' uploads, with progress and retries of their own (./upload.ts), loaded with
// those forms: the contribute page's message form does not need them.

/** A voice message recorded in the browser: the form's fields and the recording. */
export interface VoiceSubmission {
  eventId: string;
  name: string;
  title?: string;
  file: Blob;
  /** The file name sent with the upload (its extension says the recorder's container). */
  fileName: string;
}

export interface PhotoUploadEvents {
  /** The share of the current attempt's body sent, from 0 to 1. */
  onProgress?(fraction: number): void;
  /** The connection failed; the photo is sent again after a wait (retry 1, 2, …). */
  onRetry?(retry: number): void;
}

/**
 * A guest's photo, sent with upload progress and sent again by itself when the connection drops (the guest
 * never chooses the file again). Rejects like an RTK Query error ({ status, data }) for a 4xx, so the
 * form reads it with errorFields / errorMessage, or with ConnectionLost when every retry failed.
 */
export function sendPhoto(submission: PhotoSubmission, events: PhotoUploadEvents = {}): Promise<SubmissionResponse> {
  return sendForm(submission.eventId, 'photo', photoForm(submission), events, {
    type: MemoryType.Photo,
    text: submission.photoCaption,
  });
}

/** A voice message, sent as a photo is (progress, retries by itself, one submission id for all tries). */
export function sendVoice(
  { eventId, name, title, file, fileName }: VoiceSubmission,
  events: PhotoUploadEvents = {},
): Promise<SubmissionResponse> {
  const form = new FormData();
  const fields: ImageSubmissionFields = { name, title };
  for (const [field, value] of Object.entries(fields)) if (value) form.append(field, value);
  form.append('voice', file, fileName);
  return sendForm(eventId, 'voice', form, events, { type: MemoryType.Voice, text: title });
}

/** Sends a multipart submission; once stored, this device remembers it as `kept` ("My memories"). */
function sendForm(
  eventId: string,
  kind: 'photo' | 'voice',
  form: FormData,
  events: PhotoUploadEvents,
  kept: { type: MemoryType; text?: string },
): Promise<SubmissionResponse> {
  const headers = { [SUBMISSION_ID_HEADER]: newSubmissionId() };
  const url = `${apiBaseUrl()}/${submissionUrl(eventId, kind)}`;
  return withRetries(async () => {
    const answer = await postForm(url, form, { headers, onProgress: events.onProgress });
    if (answer.status >= 200 && answer.status < 300) {
      const stored = answer.body as SubmissionResponse;
      keepMySubmission(eventId, { submissionId: headers[SUBMISSION_ID_HEADER], memoryId: stored.memory.id, ...kept });
      return stored;
    }
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- RTK Query's error shape, as the callers read it
    throw { status: answer.status, data: answer.body };
  }, events.onRetry);
}
