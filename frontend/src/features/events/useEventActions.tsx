import { useState, type ReactNode } from 'react';
import { EventStatus, type HostEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorMessage, errorStatus } from '../../api/api';
import { useDeleteEventMutation, useDuplicateEventMutation, useUpdateEventMutation } from '../../api/hostEvents';
import { showError, showSuccess } from '../../components/ui/toast';
import { ConfirmDialog } from './Dialog';

export type EventAction = 'publish' | 'complete' | 'delete' | 'duplicate';

interface Options {
  /** The provider's available credits, shown when publishing. */
  availableCredits?: number;
  /** Called with the server's message when a publish was refused for lack of credits (402). */
  onNoCredits?(message: string): void;
  /** Called after a successful delete (e.g. to leave the deleted event's page). */
  onDeleted?(): void;
  /** Called with the new draft after a duplicate (e.g. to open its form). */
  onDuplicated?(copy: HostEvent): void;
}

/**
 * Publish, Complete, Delete and Duplicate with their confirmation dialogs and the toasts of spec §8:
 * ask(action, event) opens the dialog, `dialog` renders it.
 */
export function useEventActions({ availableCredits, onNoCredits, onDeleted, onDuplicated }: Options = {}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<{ action: EventAction; event: HostEvent } | null>(null);
  const [updateEvent, update] = useUpdateEventMutation();
  const [deleteEvent, remove] = useDeleteEventMutation();
  const [duplicateEvent, duplicate] = useDuplicateEventMutation();
  const busy = update.isLoading || remove.isLoading || duplicate.isLoading;

  const run = async (action: EventAction, event: HostEvent) => {
    if (action === 'delete') {
      try {
        await deleteEvent(event.id).unwrap();
        showSuccess(t('events.deleted'));
        onDeleted?.();
      } catch {
        showError(t('events.error'), t('events.deleteFailed'));
      }
      return;
    }
    if (action === 'duplicate') {
      try {
        const copy = await duplicateEvent(event.id).unwrap();
        showSuccess(t('events.duplicated'), t('events.duplicatedText', { name: copy.name }));
        onDuplicated?.(copy);
      } catch (error) {
        showError(t('events.error'), errorMessage(error) ?? t('events.duplicateFailed'));
      }
      return;
    }
    const status = action === 'publish' ? EventStatus.Live : EventStatus.Completed;
    try {
      await updateEvent({ id: event.id, status }).unwrap();
      showSuccess(action === 'publish' ? t('events.published') : t('events.completed'));
    } catch (error) {
      showError(t('events.error'), t('events.statusFailed'));
      const message = errorMessage(error);
      if (errorStatus(error) === 402 && message) onNoCredits?.(message);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    const { action, event } = pending;
    setPending(null);
    await run(action, event);
  };

  let dialog: ReactNode = null;
  if (pending) {
    const { action, event } = pending;
    const texts = {
      publish: {
        title: t('events.publishTitle'),
        text: (
          <>
            <p>{t('events.publishText', { name: event.name })}</p>
            {availableCredits !== undefined && (
              <p className="muted">{t('events.publishCredits', { count: availableCredits })}</p>
            )}
          </>
        ),
        confirm: t('events.publish'),
      },
      complete: {
        title: t('events.completeTitle'),
        text: <p>{t('events.completeText', { name: event.name })}</p>,
        confirm: t('events.complete'),
      },
      duplicate: {
        title: t('events.duplicateTitle'),
        text: <p>{t('events.duplicateText', { name: event.name })}</p>,
        confirm: t('events.duplicate'),
      },
      delete: {
        title: t('events.deleteTitle'),
        text: <p>{t('events.deleteText', { name: event.name })}</p>,
        confirm: t('events.delete'),
      },
    }[action];
    dialog = (
      <ConfirmDialog
        title={texts.title}
        text={texts.text}
        confirmLabel={texts.confirm}
        cancelLabel={t('events.cancel')}
        danger={action === 'delete'}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    );
  }

  return { ask: (action: EventAction, event: HostEvent) => setPending({ action, event }), dialog, busy };
}
