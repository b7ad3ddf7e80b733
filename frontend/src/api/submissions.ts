import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import {
  BooleanText,
  MemoryType,
  SUBMISSION_ID_HEADER,
  type PhotoSubmissionFields,
  type DrawingSubmissionRequest,
  type ImageSubmissionFields,
  type MessageSubmissionRequest,
  type SubmissionResponse,
} from '@memory-wall/contracts';
import { api } from './api';
import { apiBaseUrl } from './config';
import { keepMySubmission } from './mySubmissions';
import { newSubmissionId, SUBMISSION_RETRY, SUBMISSION_RETRY_OPTIONS, withRetries } from './submissionRetry';
import { postForm } from './upload';

// A guest's submissions, apart from ./memories.ts so the contribute page does not load the live socket code.
// Each submission gets its own id, sent with every retry of it: the server stores it once (./submissionRetry).

export interface MessageSubmission extends MessageSubmissionRequest {
  eventId: string;
  title: string;
}

/** The multipart fields (PhotoSubmissionFields of the contracts) and the file. */
export interface PhotoSubmission extends ImageSubmissionFields {
  eventId: string;
  file: Blob;
  /** The file name sent with the upload. */
  fileName: string;
  /** A host's bulk upload: the server allows 5 MB per file instead of 10. */
  bulk?: boolean;
}

/** A voice message recorded in the browser: the form's fields and the recording. */
export interface VoiceSubmission {
  eventId: string;
  name: string;
  title?: string;
  file: Blob;
  /** The file name sent with the upload (its extension says the recorder's container). */
  fileName: string;
}

export interface DrawingSubmission extends DrawingSubmissionRequest {
  eventId: string;
}

const submissionUrl = (eventId: string, kind: 'message' | 'photo' | 'drawing' | 'voice') =>
  `events/${encodeURIComponent(eventId)}/submissions/${kind}`;

/** multipart/form-data: name, photoCaption?, title?, bulk?, then the file as 'photo'. */
function photoForm({ name, file, fileName, photoCaption, title, bulk }: PhotoSubmission): FormData {
  const form = new FormData();
  // Named by the contract, so that the multipart field names are the server's.
  const fields: PhotoSubmissionFields = { name, photoCaption, title, bulk: bulk ? BooleanText.True : undefined };
  for (const [field, value] of Object.entries(fields)) if (value) form.append(field, value);
  form.append('photo', file, fileName);
  return form;
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

/** Remembers a guest's submission on this device once stored ("My memories"), by the id its request carried. */
async function keepWhenStored(
  stored: Promise<{ data: SubmissionResponse; meta?: unknown }>,
  eventId: string,
  type: MemoryType,
  text?: string,
) {
  try {
    const { data, meta } = await stored;
    const submissionId = (meta as FetchBaseQueryMeta | undefined)?.request.headers.get(SUBMISSION_ID_HEADER);
    if (submissionId) keepMySubmission(eventId, { submissionId, memoryId: data.memory.id, type, text });
  } catch {
    // Not stored: nothing to remember.
  }
}

export const submissionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitMessage: build.mutation<SubmissionResponse, MessageSubmission>({
      query: ({ eventId, ...body }) => ({
        url: submissionUrl(eventId, 'message'),
        method: 'POST',
        headers: { [SUBMISSION_ID_HEADER]: newSubmissionId() },
        timeout: SUBMISSION_RETRY.stallMs,
        body,
      }),
      extraOptions: SUBMISSION_RETRY_OPTIONS,
      onQueryStarted: ({ eventId, message }, { queryFulfilled }) =>
        keepWhenStored(queryFulfilled, eventId, MemoryType.Message, message),
    }),
    /** A host's bulk upload, one request per file (the guest's form uses sendPhoto for its progress bar). */
    submitPhoto: build.mutation<SubmissionResponse, PhotoSubmission>({
      query: (submission) => ({
        url: submissionUrl(submission.eventId, 'photo'),
        method: 'POST',
        headers: { [SUBMISSION_ID_HEADER]: newSubmissionId() },
        body: photoForm(submission),
      }),
      extraOptions: SUBMISSION_RETRY_OPTIONS,
    }),
    submitDrawing: build.mutation<SubmissionResponse, DrawingSubmission>({
      query: ({ eventId, name, title, content }) => ({
        url: submissionUrl(eventId, 'drawing'),
        method: 'POST',
        headers: { [SUBMISSION_ID_HEADER]: newSubmissionId() },
        timeout: SUBMISSION_RETRY.stallMs,
        body: { name, content, ...(title ? { title } : {}) } satisfies DrawingSubmissionRequest,
      }),
      extraOptions: SUBMISSION_RETRY_OPTIONS,
      onQueryStarted: ({ eventId, title }, { queryFulfilled }) =>
        keepWhenStored(queryFulfilled, eventId, MemoryType.Drawing, title),
    }),
  }),
});

export const { useSubmitMessageMutation, useSubmitPhotoMutation, useSubmitDrawingMutation } = submissionsApi;
