/** Texts of the owner's Queues page (#28 item 4), added when its chunk loads (see ../lazy.ts). */
const en = {
  title: 'Queues',
  intro:
    'The background work behind every wall: photos being prepared and memories being moderated. A job that failed for good waits here, with its error, to be retried or removed.',
  refresh: 'Refresh',
  waiting: 'Waiting',
  active: 'Active',
  delayed: 'Delayed',
  failed: 'Failed',
  failedJobs: 'Failed jobs',
  noFailedJobs: 'No failed jobs',
  showingLatest: 'The latest {{shown}} of {{total}} failed jobs',
  job: 'Job',
  error: 'Error',
  attempts: 'Attempts',
  attemptsOf: '{{made}} of {{total}}',
  failedAt: 'Failed',
  memory: 'Memory',
  actions: 'Actions',
  retry: 'Retry',
  remove: 'Remove',
  retryJob: 'Retry job {{id}} of {{queue}}',
  removeJob: 'Remove job {{id}} of {{queue}}',
  retried: 'The job is waiting to run again',
  removed: 'The job was removed',
  changeFailed: 'The job could not be changed',
  loadFailed: 'Failed to load the queues',
  tryAgain: 'Try again',
};

export type QueuesTexts = typeof en;

export const queuesTexts = en;

declare module '../en' {
  interface LazyResources {
    queues: QueuesTexts;
  }
}
