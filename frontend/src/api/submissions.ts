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
import { keepMySubmission } from './mySubmissions';
import { newSubmissionId, SUBMISSION_RETRY, SUBMISSION_RETRY_OPTIONS } from './submissionRetry';

// A guest's submissions, apart from ./memories.ts so the contribute page does not load the live socket code.
// The photo and voice forms' uploads (with progress) are in ./fileSubmissions.ts, loaded with those forms.
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

export interface DrawingSubmission extends DrawingSubmissionRequest {
  eventId: string;
}

export const submissionUrl = (eventId: string, kind: 'message' | 'photo' | 'drawing' | 'voice') =>
  `events/${encodeURIComponent(eventId)}/submissions/${kind}`;

/** multipart/form-data: name, photoCaption?, title?, bulk?, then the file as 'photo'. */
export function photoForm({ name, file, fileName, photoCaption, title, bulk }: PhotoSubmission): FormData {
  const form = new FormData();
  // Named by the contract, so that the multipart field names are the server's.
  const fields: PhotoSubmissionFields = { name, photoCaption, title, bulk: bulk ? BooleanText.True : undefined };
  for (const [field, value] of Object.entries(fields)) if (value) form.append(field, value);
  form.append('photo', file, fileName);
  return form;
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
