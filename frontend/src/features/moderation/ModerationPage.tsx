import { useEffect, useRef, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { BulkModerationAction, ProcessingState, Role, type HostMemory } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useSessionUser } from '../../api/auth';
import { useGetEventQuery } from '../../api/hostEvents';
import { selectLiveConnected } from '../../api/liveStatus';
import {
  useApproveSubmissionMutation,
  useFlagMemoryMutation,
  useGetHostMemoriesQuery,
  useRejectSubmissionMutation,
  useRemoveMemoryMutation,
  type HostMemoriesArgs,
} from '../../api/memories';
import { useBulkModerateMutation, type BulkOutcome } from '../../api/moderation';
import { useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/ui/Spinner';
import { Tabs } from '../../components/ui/Tabs';
import { showError, showSuccess } from '../../components/ui/toast';
import { addPageTexts } from '../../i18n/lazy';
import { moderationTexts } from '../../i18n/pages/moderation';
import { AiModerationNotice } from './AiModerationNotice';
import { KeywordsPanel } from './KeywordsPanel';
import { ModerationCard, type Action } from './ModerationCard';
import { NewMemoryAlerts } from './NewMemoryAlerts';
import { SelectionBar } from './SelectionBar';
import { ShortcutsDialog } from './ShortcutsDialog';
import { useModerationKeys, type ShortcutCommand } from './useModerationKeys';
import { undoLatestRemoval, useUndoableRemoval, useWithoutRemovals } from './useUndoableRemoval';
import './moderation.css';

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

/** What each tab offers, on each card and for a selection (spec §2 Moderation page). */
const TAB_ACTIONS: Record<Tab, readonly Action[]> = {
  pending: ['reject', 'approve'],
  approved: ['flag', 'remove'],
  flagged: ['reject', 'approve'],
};
/** The bulk route's action for each (Remove deletes, as Reject does). */
const BULK_ACTION: Record<Action, BulkModerationAction> = {
  approve: BulkModerationAction.Approve,
  flag: BulkModerationAction.Flag,
  reject: BulkModerationAction.Reject,
  remove: BulkModerationAction.Reject,
};

/** /events/{id}/moderation (spec §2 Moderation page): Pending, Approved and Flagged, kept current live. */
export function ModerationPage() {
  const { id } = useParams();
  const { user } = useSessionUser();
  if (!id || !user || !MODERATORS.includes(user.role)) return <Navigate to="/" replace />;
  return <Moderation eventId={id} />;
}

function Moderation({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('pending');
  const connected = useAppSelector((state) => selectLiveConnected(state, eventId));
  const { data: event } = useGetEventQuery(eventId);
  // A customer whose planner took moderation away is told so, rather than shown lists that cannot load.
  const allowed = event?.permissions.canModerate !== false;
  const options = { pollingInterval: connected ? 0 : POLL_MS, skip: !allowed };
  const queries = {
    pending: useGetHostMemoriesQuery({ eventId, filter: 'pending' }, options),
    approved: useGetHostMemoriesQuery({ eventId, filter: 'approved' }, options),
    flagged: useGetHostMemoriesQuery({ eventId, filter: 'flagged' }, options),
  };
  // Rejected and removed memories leave at once; they wait out their Undo window off the lists.
  const lists = {
    pending: useWithoutRemovals(queries.pending.data),
    approved: useWithoutRemovals(queries.approved.data),
    flagged: useWithoutRemovals(queries.flagged.data),
  };
  const [approve] = useApproveSubmissionMutation();
  const [reject] = useRejectSubmissionMutation();
  const [flag] = useFlagMemoryMutation();
  const [remove] = useRemoveMemoryMutation();
  const [bulk, { isLoading: bulkBusy }] = useBulkModerateMutation();
  const removeLater = useUndoableRemoval();
  const [busy, setBusy] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // The card the keyboard acts on: kept in a ref too, so keys typed faster than a render act on the right one.
  const [currentId, setCurrentState] = useState<string | null>(null);
  const currentRef = useRef<string | null>(null);
  const setCurrentId = (id: string | null) => {
    currentRef.current = id;
    setCurrentState(id);
  };
  const [help, setHelp] = useState(false);
  const cards = useRef(new Map<string, HTMLElement>());
  const lastIndex = useRef(-1);

  const memories = lists[tab];
  const selection = memories.filter((memory) => selected.has(memory.id));

  const changeTab = (next: Tab) => {
    setTab(next);
    setSelected(new Set());
    setCurrentId(null);
  };

  const run = async (memory: HostMemory, action: Action) => {
    const target = { id: memory.id, eventId };
    if (action === 'reject' || action === 'remove') {
      removeLater({
        ids: [memory.id],
        commit: () => (action === 'reject' ? reject(target) : remove(target)).unwrap(),
        title: t(action === 'reject' ? 'moderationPage.rejectedToast' : 'moderationPage.removedToast'),
        failed: t('moderationPage.rejectFailed'),
      });
      return;
    }
    const [call, toasts] =
      action === 'approve'
        ? [() => approve(target).unwrap(), ['moderationPage.approvedToast', 'moderationPage.approveFailed'] as const]
        : [() => flag(target).unwrap(), ['moderationPage.flaggedToast', 'moderationPage.flagFailed'] as const];
    setBusy(memory.id);
    try {
      await call();
      showSuccess(t(toasts[0]));
    } catch {
      showError(t(toasts[1]));
    } finally {
      setBusy(null);
    }
  };

  /** Says what a bulk decision left undone, with the first reason (each memory's reason is the same kind). */
  const reportLeftOver = ({ failed }: BulkOutcome) => {
    if (failed.length) showError(t('moderationPage.notDone', { count: failed.length, reason: failed[0].message }));
  };

  const runBulk = async (action: Action) => {
    const ids = selection.map((memory) => memory.id);
    setSelected(new Set());
    const request = { eventId, action: BULK_ACTION[action], memoryIds: ids };
    if (action === 'reject' || action === 'remove') {
      removeLater({
        ids,
        commit: () => bulk(request).unwrap().then(reportLeftOver),
        title: t(action === 'reject' ? 'moderationPage.rejectedMany' : 'moderationPage.removedMany', {
          count: ids.length,
        }),
        failed: t('moderationPage.rejectFailed'),
      });
      return;
    }
    try {
      const outcome = await bulk(request).unwrap();
      if (outcome.done.length)
        showSuccess(
          t(action === 'approve' ? 'moderationPage.approvedMany' : 'moderationPage.flaggedMany', {
            count: outcome.done.length,
          }),
        );
      reportLeftOver(outcome);
    } catch {
      showError(t(action === 'approve' ? 'moderationPage.approveFailed' : 'moderationPage.flagFailed'));
    }
  };

  const actionsOf = (memory: HostMemory): Action[] =>
    TAB_ACTIONS[tab].filter((action) => !(action === 'approve' && memory.processingState === ProcessingState.Failed));

  const toggle = (id: string, on: boolean) =>
    setSelected((ids) => {
      const next = new Set(ids);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const moveTo = (index: number) => {
    const memory = memories[Math.max(0, Math.min(memories.length - 1, index))];
    if (!memory) return;
    setCurrentId(memory.id);
    cards.current.get(memory.id)?.focus();
  };

  // When the card the keyboard was on leaves the list (decided, or by another host), the next one takes
  // its place, and the focus with it if the focus went with the card.
  const currentIndex = memories.findIndex((memory) => memory.id === currentId);
  if (currentIndex >= 0) lastIndex.current = currentIndex;
  useEffect(() => {
    if (currentId === null || currentIndex >= 0 || !memories.length || lastIndex.current < 0) return;
    const next = memories[Math.min(lastIndex.current, memories.length - 1)];
    setCurrentId(next.id);
    if (!document.activeElement || document.activeElement === document.body) cards.current.get(next.id)?.focus();
  }, [currentId, currentIndex, memories]);

  const command = (name: ShortcutCommand) => {
    const currentIndex = memories.findIndex((memory) => memory.id === currentRef.current);
    const current = currentIndex >= 0 ? memories[currentIndex] : undefined;
    switch (name) {
      case 'next':
        return moveTo(currentIndex + 1);
      case 'previous':
        return moveTo(currentIndex < 0 ? 0 : currentIndex - 1);
      case 'select':
        return current && toggle(current.id, !selected.has(current.id));
      case 'undo':
        return void undoLatestRemoval();
      case 'help':
        return setHelp(true);
      default: {
        if (!current || busy === current.id) return;
        const action = actionsOf(current).find((a) => a === name || (name === 'reject' && a === 'remove'));
        if (action && !(action === 'approve' && current.processingState === ProcessingState.Processing))
          void run(current, action);
      }
    }
  };
  useModerationKeys(command, allowed && !help);

  const tabs = TABS.map((name) => {
    const count = queries[name].data ? lists[name].length : 0;
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
  const current = queries[tab];
  const allSelected = memories.length > 0 && selection.length === memories.length;

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
        <>
          <div className="mod-tools">
            <NewMemoryAlerts eventId={eventId} />
            {event && <KeywordsPanel key={event.id} eventId={eventId} keywords={event.moderationKeywords} />}
          </div>
          <Tabs
            label={t('moderationPage.tabs')}
            tabs={tabs}
            selected={tab}
            onSelect={changeTab}
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
            ) : memories.length === 0 ? (
              <p className="empty">{t(EMPTY[tab])}</p>
            ) : (
              <>
                <div className="mod-list-tools">
                  <label className="mod-check">
                    <input
                      type="checkbox"
                      checked={allSelected}
                      ref={(box) => {
                        if (box) box.indeterminate = selection.length > 0 && !allSelected;
                      }}
                      onChange={(e) =>
                        setSelected(new Set(e.target.checked ? memories.map((memory) => memory.id) : []))
                      }
                    />
                    {t('moderationPage.selectAll', { count: memories.length })}
                  </label>
                  <button type="button" className="mod-hint" onClick={() => setHelp(true)} aria-keyshortcuts="?">
                    {t('moderationPage.shortcutsHint')}
                  </button>
                </div>
                <div className="moderation-grid">
                  {memories.map((memory, index) => (
                    <ModerationCard
                      key={memory.id}
                      memory={memory}
                      actions={actionsOf(memory)}
                      busy={busy === memory.id}
                      onAction={(action) => void run(memory, action)}
                      selected={selected.has(memory.id)}
                      onSelect={(on) => toggle(memory.id, on)}
                      position={index + 1}
                      count={memories.length}
                      current={memory.id === currentId}
                      cardRef={(card) => {
                        if (card) cards.current.set(memory.id, card);
                        else cards.current.delete(memory.id);
                      }}
                    />
                  ))}
                </div>
              </>
            )}
          </Tabs>
          <SelectionBar
            count={selection.length}
            actions={TAB_ACTIONS[tab]}
            busy={bulkBusy}
            onAction={(action) => void runBulk(action)}
            onClear={() => setSelected(new Set())}
          />
        </>
      )}
      {help && <ShortcutsDialog onClose={() => setHelp(false)} />}
    </main>
  );
}
