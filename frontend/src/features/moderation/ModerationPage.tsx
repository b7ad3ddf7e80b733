import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { MemoryType, ProcessingState, Role, type HostMemory } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { useSessionUser } from '../../api/auth';
import { useGetEventQuery } from '../../api/events';
import { selectLiveConnected } from '../../api/liveStatus';
import {
  useApproveSubmissionMutation,
  useFlagMemoryMutation,
  useGetHostMemoriesQuery,
  useRejectSubmissionMutation,
  useRemoveMemoryMutation,
  type HostMemoriesArgs,
} from '../../api/memories';
import { useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/ui/Spinner';
import { Tabs } from '../../components/ui/Tabs';
import { showError, showSuccess } from '../../components/ui/toast';
import { addPageTexts } from '../../i18n/lazy';
import { moderationTexts } from '../../i18n/pages/moderation';
import { heldReasonText } from '../memories/heldReason';
import { AiModerationNotice } from './AiModerationNotice';
import { captionOf, imageOf, isMostlyChinese } from '../memories/memoryContent';
import { VideoClip } from '../memories/VideoClip';

addPageTexts('moderationPage', moderationTexts);

type Tab = HostMemoriesArgs['filter'];
const TABS: readonly Tab[] = ['pending', 'approved', 'flagged'];
const EMPTY = {
  pending: 'moderationPage.emptyPending',
  approved: 'moderationPage.emptyApproved',
  flagged: 'moderationPage.emptyFlagged',
} as const;
const MODERATORS: readonly Role[] = [Role.Customer, Role.ServiceProvider, Role.Owner];
const POLL_MS = 5000;

/** /events/{id}/moderation (spec §2 Moderation page): Pending, Approved and Flagged, kept current live. */
export function ModerationPage() {
  const { id } = useParams();
  const { user } = useSessionUser();
  if (!id || !user || !MODERATORS.includes(user.role)) return <Navigate to="/" replace />;
  return <Moderation eventId={id} />;
}

type Action = 'approve' | 'reject' | 'flag' | 'remove';

function Moderation({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('pending');
  const connected = useAppSelector((state) => selectLiveConnected(state, eventId));
  const { data: event } = useGetEventQuery(eventId);
  // A customer whose planner took moderation away is told so, rather than shown lists that cannot load.
  const allowed = event?.permissions.canModerate !== false;
  const options = { pollingInterval: connected ? 0 : POLL_MS, skip: !allowed };
  const lists = {
    pending: useGetHostMemoriesQuery({ eventId, filter: 'pending' }, options),
    approved: useGetHostMemoriesQuery({ eventId, filter: 'approved' }, options),
    flagged: useGetHostMemoriesQuery({ eventId, filter: 'flagged' }, options),
  };
  const [approve] = useApproveSubmissionMutation();
  const [reject] = useRejectSubmissionMutation();
  const [flag] = useFlagMemoryMutation();
  const [remove] = useRemoveMemoryMutation();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (memory: HostMemory, action: Action) => {
    const target = { id: memory.id, eventId };
    const calls = {
      approve: () => approve(target).unwrap(),
      reject: () => reject(target).unwrap(),
      flag: () => flag(target).unwrap(),
      remove: () => remove(target).unwrap(),
    };
    const toasts = {
      approve: ['moderationPage.approvedToast', 'moderationPage.approveFailed'],
      reject: ['moderationPage.rejectedToast', 'moderationPage.rejectFailed'],
      remove: ['moderationPage.rejectedToast', 'moderationPage.rejectFailed'],
      flag: ['moderationPage.flaggedToast', 'moderationPage.flagFailed'],
    } as const;
    setBusy(memory.id);
    try {
      await calls[action]();
      showSuccess(t(toasts[action][0]));
    } catch {
      showError(t(toasts[action][1]));
    } finally {
      setBusy(null);
    }
  };

  const tabs = TABS.map((name) => {
    const count = lists[name].data?.length ?? 0;
    const label = (
      <>
        {t(`moderationPage.${name}`)}
        {count > 0 && (
          <span className="badge moderation-count" data-testid={`${name}-count`}>
            {count}
          </span>
        )}
      </>
    );
    return { id: name, label };
  });
  const current = lists[tab];
  const actionsOf = (memory: HostMemory): Action[] =>
    (tab === 'approved' ? ['flag', 'remove'] : ['reject', 'approve']).filter(
      (action) => !(action === 'approve' && memory.processingState === ProcessingState.Failed),
    ) as Action[];

  return (
    <main className="page mw-page-wide moderation">
      <h1>{t('moderationPage.title')}</h1>
      <p className="muted">{t('moderationPage.intro')}</p>
      {event && <AiModerationNotice moderationType={event.moderationType} where="moderation" />}
      {!allowed ? (
        <p role="alert" className="card">
          {t('moderationPage.notAllowed')}
        </p>
      ) : (
        <Tabs
          label={t('moderationPage.tabs')}
          tabs={tabs}
          selected={tab}
          onSelect={setTab}
          className="segmented moderation-tabs"
          panelClassName=""
        >
          {current.isLoading ? (
            <Spinner />
          ) : current.isError ? (
            <div className="mw-alert mw-alert-error" role="alert">
              <p>{t('moderationPage.loadFailed')}</p>
              <button type="button" className="button button-secondary" onClick={() => current.refetch()}>
                {t('moderationPage.retry')}
              </button>
            </div>
          ) : (current.data ?? []).length === 0 ? (
            <p className="empty">{t(EMPTY[tab])}</p>
          ) : (
            <div className="moderation-grid">
              {(current.data ?? []).map((memory) => (
                <ModerationCard
                  key={memory.id}
                  memory={memory}
                  actions={actionsOf(memory)}
                  busy={busy === memory.id}
                  onAction={(action) => run(memory, action)}
                />
              ))}
            </div>
          )}
        </Tabs>
      )}
    </main>
  );
}

const ACTION_LABELS = {
  approve: 'moderationPage.approve',
  reject: 'moderationPage.reject',
  flag: 'moderationPage.flag',
  remove: 'moderationPage.remove',
} as const;

/** One memory to decide on: who sent it and when, what it shows, why it is held. */
function ModerationCard({
  memory,
  actions,
  busy,
  onAction,
}: {
  memory: HostMemory;
  actions: Action[];
  busy: boolean;
  onAction(action: Action): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const image = memory.type !== MemoryType.Message;
  const picture = image ? imageOf(memory, 'card') : null;
  const caption = image ? memory.photoCaption : null;
  const processing = memory.processingState === ProcessingState.Processing;
  const failed = memory.processingState === ProcessingState.Failed;
  const chinese = isMostlyChinese(image ? (captionOf(memory) ?? '') : memory.content);
  return (
    <article
      className={failed ? 'moderation-card moderation-card-failed' : 'moderation-card'}
      data-testid="moderation-card"
      aria-busy={busy || undefined}
    >
      <header className="moderation-card-header">
        <strong>{t('moderationPage.from', { author: memory.author || t('moderationPage.anonymous') })}</strong>
        <time dateTime={memory.createdAt}>{format.date(memory.createdAt)}</time>
      </header>
      {memory.title && <h2 className="moderation-card-title">{memory.title}</h2>}
      {image ? (
        <figure className="moderation-image">
          {memory.type === MemoryType.Video ? (
            // Hosts watch a clip (with its sound, if they choose) before they approve it.
            <VideoClip memory={memory} caption={caption} presentation={false} sizes="100vw" />
          ) : picture?.url ? (
            <img src={picture.url} alt={caption ?? ''} width={picture.width} height={picture.height} loading="lazy" />
          ) : (
            <div className="memory-image-pending" />
          )}
          {caption && <figcaption lang={chinese ? 'zh' : undefined}>{caption}</figcaption>}
        </figure>
      ) : (
        <p className="moderation-text" lang={chinese ? 'zh' : undefined}>
          {memory.content}
        </p>
      )}
      {(processing || failed) && (
        <p className="badge memory-badge-failed">
          {processing ? t('moderationPage.processing') : t('moderationPage.failed')}
        </p>
      )}
      {!memory.approved && memory.moderation?.reason && (
        <div className="moderation-reason">
          <p>{t('moderationPage.heldReason', { reason: heldReasonText(t, memory.moderation) })}</p>
          {!!memory.moderation.categories?.length && (
            <p>{t('moderationPage.categories', { categories: memory.moderation.categories.join(', ') })}</p>
          )}
        </div>
      )}
      <div className="actions moderation-actions">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'approve' ? 'button' : 'button button-secondary mw-danger'}
            onClick={() => onAction(action)}
            disabled={busy || (action === 'approve' && processing)}
          >
            {t(ACTION_LABELS[action])}
          </button>
        ))}
      </div>
    </article>
  );
}
