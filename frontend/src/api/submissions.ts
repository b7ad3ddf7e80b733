import type { SubmissionResponse } from '@memory-wall/contracts';
import { api } from './api';

// A guest's submissions, apart from ./memories.ts so the contribute page does not load the live socket code.

export interface MessageSubmission {
  eventId: string;
  name: string;
  title: string;
  message: string;
}

export interface PhotoSubmission {
  eventId: string;
  name: string;
  file: Blob;
  /** The file name sent with the upload. */
  fileName: string;
  photoCaption?: string;
  title?: string;
  /** A host's bulk upload: the server allows 5 MB per file instead of 10. */
  bulk?: boolean;
}

export interface DrawingSubmission {
  eventId: string;
  name: string;
  title?: string;
  /** data:image/png;base64,… */
  content: string;
}

export const submissionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitMessage: build.mutation<SubmissionResponse, MessageSubmission>({
      query: ({ eventId, ...body }) => ({
        url: `events/${encodeURIComponent(eventId)}/submissions/message`,
        method: 'POST',
        body,
      }),
    }),
    /** multipart/form-data: name, photoCaption?, title?, bulk?, then the file as 'photo'. */
    submitPhoto: build.mutation<SubmissionResponse, PhotoSubmission>({
      query: ({ eventId, name, file, fileName, photoCaption, title, bulk }) => {
        const form = new FormData();
        form.append('name', name);
        if (photoCaption) form.append('photoCaption', photoCaption);
        if (title) form.append('title', title);
        if (bulk) form.append('bulk', 'true');
        // Fields first: the server reads the parts in order and checks the limits before storing the file.
        form.append('photo', file, fileName);
        return { url: `events/${encodeURIComponent(eventId)}/submissions/photo`, method: 'POST', body: form };
      },
    }),
    submitDrawing: build.mutation<SubmissionResponse, DrawingSubmission>({
      query: ({ eventId, name, title, content }) => ({
        url: `events/${encodeURIComponent(eventId)}/submissions/drawing`,
        method: 'POST',
        body: { name, content, ...(title ? { title } : {}) },
      }),
    }),
  }),
});

export const { useSubmitMessageMutation, useSubmitPhotoMutation, useSubmitDrawingMutation } = submissionsApi;
