import {
  SUBMISSION_ID_HEADER,
  type MyMemoriesRequest,
  type MyMemoriesResponse,
  type MyMemory,
} from '@memory-wall/contracts';
import { api } from '../../api/api';

/** A guest's own memories (loaded with the panel only, so the guest pages stay small). */
export const myMemoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyMemories: build.query<MyMemory[], MyMemoriesRequest & { eventId: string }>({
      query: ({ eventId, submissionIds }) => ({
        url: `events/${eventId}/my-memories`,
        method: 'POST',
        body: { submissionIds } satisfies MyMemoriesRequest,
      }),
      transformResponse: (response: MyMemoriesResponse) => response.memories,
    }),
    deleteMyMemory: build.mutation<void, { eventId: string; memoryId: string; submissionId: string }>({
      query: ({ eventId, memoryId, submissionId }) => ({
        url: `events/${eventId}/my-memories/${memoryId}`,
        method: 'DELETE',
        headers: { [SUBMISSION_ID_HEADER]: submissionId },
      }),
    }),
  }),
});

export const { useGetMyMemoriesQuery, useDeleteMyMemoryMutation } = myMemoriesApi;
