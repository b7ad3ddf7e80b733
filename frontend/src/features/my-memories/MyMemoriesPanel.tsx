import { useState } from 'react';
import { MyMemoryStatus, type MemoryType } from '@memory-wall/contracts';
import { errorMessage } from '../../api/api';
import { forgetMySubmission, mySubmissions, type MySubmission } from '../../api/mySubmissions';
import { showError, showSuccess } from '../../components/ui/toast';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { addPageTexts } from '../../i18n/lazy';
import { myMemoriesTexts } from '../../i18n/pages/myMemories';
import { useDeleteMyMemoryMutation, useGetMyMemoriesQuery } from './myMemoriesApi';
import './MyMemoriesPanel.css';

addPageTexts('myMemories', myMemoriesTexts);

/** As often as the spec's walls poll: approvals, flags and rejections by the hosts show within this. */
const POLL_MS = 5000;

const KIND_KEY: Record<MemoryType, keyof typeof myMemoriesTexts> = {
  message: 'kindMessage',
  photo: 'kindPhoto',
  drawing: 'kindDrawing',
  video: 'kindVideo',
  voice: 'kindVoice',
};
const STATUS_KEY: Record<MyMemoryStatus, keyof typeof myMemoriesTexts> = {
  [MyMemoryStatus.Waiting]: 'statusWaiting',
  [MyMemoryStatus.OnWall]: 'statusOnWall',
  [MyMemoryStatus.NotShown]: 'statusNotShown',
};

/** "My memories": what this device shared with the event, each one's status, and deleting one. */
export function MyMemoriesPanel({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const [kept, setKept] = useState(() => mySubmissions(eventId));
  const { data: statuses } = useGetMyMemoriesQuery(
    { eventId, submissionIds: kept.map((s) => s.submissionId) },
    { pollingInterval: POLL_MS, skipPollingIfUnfocused: true, skip: kept.length === 0 },
  );
  const statusOf = new Map(statuses?.map((m) => [m.submissionId, m.status]));
  const forget = (submission: MySubmission) => {
    forgetMySubmission(eventId, submission.submissionId);
    setKept(mySubmissions(eventId));
  };

  if (kept.length === 0) return null;
  return (
    <section className="my-memories" aria-labelledby="my-memories-title">
      <h2 id="my-memories-title">{t('myMemories.title')}</h2>
      <p className="muted">{t('myMemories.intro')}</p>
      <ul className="my-memories-list">
        {kept.map((submission) => (
          <MyMemoryItem
            key={submission.submissionId}
            eventId={eventId}
            submission={submission}
            status={statusOf.get(submission.submissionId)}
            onDeleted={() => forget(submission)}
          />
        ))}
      </ul>
    </section>
  );
}

function MyMemoryItem({
  eventId,
  submission,
  status,
  onDeleted,
}: {
  eventId: string;
  submission: MySubmission;
  status: MyMemoryStatus | undefined;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [confirming, setConfirming] = useState(false);
  const [remove, { isLoading }] = useDeleteMyMemoryMutation();

  const confirmDelete = async () => {
    const { memoryId, submissionId } = submission;
    try {
      await remove({ eventId, memoryId, submissionId }).unwrap();
      showSuccess(t('myMemories.deleted'));
      onDeleted();
    } catch (error) {
      // Already gone (a host rejected it meanwhile): nothing left to delete, so the device forgets it too.
      if ((error as { status?: number }).status === 404) return onDeleted();
      showError(t('myMemories.deleteFailed'), errorMessage(error));
    }
  };

  return (
    <li className="my-memory">
      <div className="my-memory-what">
        <strong>{t(`myMemories.${KIND_KEY[submission.type]}`)}</strong>
        {submission.preview && <span className="my-memory-preview">{submission.preview}</span>}
        <span className="muted my-memory-when">
          {t('myMemories.sentAt', { time: format.ago(new Date(submission.sentAt).toISOString()) })}
        </span>
      </div>
      <span className={`my-memory-status my-memory-status-${status ?? 'checking'}`}>
        {t(`myMemories.${status ? STATUS_KEY[status] : 'statusChecking'}`)}
      </span>
      {confirming ? (
        <div className="my-memory-confirm" role="group" aria-label={t('myMemories.deleteConfirm')}>
          <p>{t('myMemories.deleteConfirm')}</p>
          <button
            type="button"
            className="button button-secondary mw-danger"
            disabled={isLoading}
            onClick={() => void confirmDelete()}
          >
            {t('myMemories.delete')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
            {t('myMemories.keep')}
          </button>
        </div>
      ) : (
        status !== undefined &&
        status !== MyMemoryStatus.NotShown && (
          <button
            type="button"
            className="button button-secondary my-memory-delete"
            onClick={() => setConfirming(true)}
          >
            {t('myMemories.delete')}
          </button>
        )
      )}
    </li>
  );
}
