import type { QueueOverview, QueuesResponse } from '@memory-wall/contracts';
import { api } from './api';

export interface QueueJobArgs {
  queue: string;
  jobId: string;
}

const jobUrl = ({ queue, jobId }: QueueJobArgs) =>
  `admin/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(jobId)}`;

/** The owner's view of the queues: counts and failed jobs; retry or remove one (#28 item 4). */
export const queuesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQueues: build.query<QueueOverview[], void>({
      query: () => 'admin/queues',
      transformResponse: (response: QueuesResponse) => response.queues,
      providesTags: ['Queue'],
    }),
    retryJob: build.mutation<void, QueueJobArgs>({
      query: (job) => ({ url: `${jobUrl(job)}/retry`, method: 'POST' }),
      transformResponse: () => undefined,
      // A job another hand moved first (409) changed the list too.
      invalidatesTags: ['Queue'],
    }),
    removeJob: build.mutation<void, QueueJobArgs>({
      query: (job) => ({ url: jobUrl(job), method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['Queue'],
    }),
  }),
});

export const { useGetQueuesQuery, useRetryJobMutation, useRemoveJobMutation } = queuesApi;
