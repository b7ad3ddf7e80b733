import type { FailedJob, QueueOverview } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { errorMessage } from '../../api/api';
import { QueueJobArgs, useGetQueuesQuery, useRemoveJobMutation, useRetryJobMutation } from '../../api/queues';
import { Card } from '../../components/ui/Card';
import { DataTable } from '../../components/ui/DataTable';
import { Spinner } from '../../components/ui/Spinner';
import { showError, showSuccess } from '../../components/ui/toast';
import { queuesTexts } from '../../i18n/pages/queues';
import { addPageTexts } from '../../i18n/lazy';
import { LoadError, StatCards } from '../credits/ui';

addPageTexts('queues', queuesTexts);

/** Counts change as the workers go: looked at again this often while the page is open and in view. */
const REFRESH_MS = 10_000;

/** /admin/queues: every queue's counts and failed jobs, for the owner, who can retry or remove a failed job. */
export function QueuesPage() {
  const { t } = useTranslation();
  const queues = useGetQueuesQuery(undefined, { pollingInterval: REFRESH_MS, skipPollingIfUnfocused: true });

  let body;
  if (queues.isLoading || (queues.isError && queues.isFetching)) body = <Spinner />;
  else if (!queues.data) {
    body = (
      <LoadError
        message={t('queues.loadFailed')}
        retryLabel={t('queues.tryAgain')}
        onRetry={() => void queues.refetch()}
      />
    );
  } else body = queues.data.map((queue) => <QueueCard key={queue.name} queue={queue} />);

  return (
    <main className="page cr-page cr-wide">
      <header className="cr-header qv-header">
        <div>
          <h1>{t('queues.title')}</h1>
          <p className="muted">{t('queues.intro')}</p>
        </div>
        <button
          type="button"
          className="button button-secondary cr-small"
          disabled={queues.isFetching}
          onClick={() => void queues.refetch()}
        >
          {t('queues.refresh')}
        </button>
      </header>
      {body}
    </main>
  );
}

function QueueCard({ queue }: { queue: QueueOverview }) {
  const { t } = useTranslation();
  const { counts, failed } = queue;
  return (
    <Card title={queue.name} className="qv-queue">
      <StatCards
        stats={[
          { label: t('queues.waiting'), value: counts.waiting },
          { label: t('queues.active'), value: counts.active },
          { label: t('queues.delayed'), value: counts.delayed },
          { label: t('queues.failed'), value: counts.failed },
        ]}
      />
      <h3 className="qv-subtitle">{t('queues.failedJobs')}</h3>
      {failed.length ? (
        <>
          {counts.failed > failed.length && (
            <p className="muted cr-small-text">
              {t('queues.showingLatest', { shown: failed.length, total: counts.failed })}
            </p>
          )}
          <FailedJobs queue={queue.name} jobs={failed} />
        </>
      ) : (
        <p className="muted">{t('queues.noFailedJobs')}</p>
      )}
    </Card>
  );
}

function FailedJobs({ queue, jobs }: { queue: string; jobs: FailedJob[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [retry, retrying] = useRetryJobMutation();
  const [remove, removing] = useRemoveJobMutation();
  const busy = retrying.isLoading || removing.isLoading;

  const change = async (action: (job: QueueJobArgs) => { unwrap(): Promise<void> }, job: FailedJob, done: string) => {
    try {
      await action({ queue, jobId: job.id }).unwrap();
      showSuccess(done);
    } catch (err) {
      showError(t('queues.changeFailed'), errorMessage(err));
    }
  };

  return (
    <DataTable
      caption={t('queues.failedJobs')}
      columns={[
        { label: t('queues.job') },
        { label: t('queues.error') },
        { label: t('queues.attempts'), numeric: true },
        { label: t('queues.failedAt') },
        { label: t('queues.actions'), hidden: true },
      ]}
    >
      {jobs.map((job) => (
        <tr key={job.id}>
          <th scope="row">
            <div>{job.name}</div>
            <div className="muted cr-small-text qv-id">{job.id}</div>
            {job.memoryId && (
              <div className="muted cr-small-text qv-id">
                {t('queues.memory')}: {job.memoryId}
              </div>
            )}
          </th>
          <td className="qv-error">{job.error}</td>
          <td className="cr-num">{t('queues.attemptsOf', { made: job.attemptsMade, total: job.attempts })}</td>
          <td className="cr-nowrap">
            {job.failedAt && <time dateTime={job.failedAt}>{format.ago(job.failedAt)}</time>}
          </td>
          <td>
            <div className="qv-actions">
              <button
                type="button"
                className="button cr-small"
                disabled={busy}
                aria-label={t('queues.retryJob', { id: job.id, queue })}
                onClick={() => void change(retry, job, t('queues.retried'))}
              >
                {t('queues.retry')}
              </button>
              <button
                type="button"
                className="button button-secondary cr-small"
                disabled={busy}
                aria-label={t('queues.removeJob', { id: job.id, queue })}
                onClick={() => void change(remove, job, t('queues.removed'))}
              >
                {t('queues.remove')}
              </button>
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
