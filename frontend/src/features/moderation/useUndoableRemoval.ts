import { useCallback, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { showError, showSuccess, showUndo } from '../../components/ui/toast';
import { useTranslation } from '../../i18n';
import { addPageTexts } from '../../i18n/lazy';
import { moderationTexts } from '../../i18n/pages/moderation';
import { removalsEnded, removalsStarted, selectWaitingRemovals } from './removals';

addPageTexts('moderationPage', moderationTexts);

/** How long a rejection or removal can be undone: the toast's time on screen (spec §9: 5 s). */
export const UNDO_WINDOW_MS = 5000;

export interface Removal {
  ids: readonly string[];
  /** The deletion, sent to the server only once the Undo window has passed. */
  commit(): Promise<unknown>;
  /** The toast's title ("Memory rejected") and text, with its Undo button. */
  title: string;
  description?: string;
  /** The toast's title and text when the deletion fails (the memories come back). */
  failed: string;
  failedDescription?: string;
}

/** The latest removal's Undo while it can still be undone (the keyboard's u). */
let latestUndo: (() => boolean) | null = null;

/** Undoes the latest rejection or removal if its window is still open; false otherwise. */
export const undoLatestRemoval = (): boolean => latestUndo?.() ?? false;

/**
 * Reject and Remove without losing anything by a slip (issue #27): the memories leave the host's lists at
 * once, and a toast offers Undo for UNDO_WINDOW_MS; only then is the deletion sent. The delay lives in this
 * page, not on the server: a page closed (or a browser that crashed) during it deletes nothing, the screens
 * and the other hosts never see a memory go and come back, and no state is added to the memory's
 * lifecycle. Leaving for another page of the app keeps the countdown, and the toast with its Undo.
 */
export function useUndoableRemoval() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  return useCallback(
    ({ ids, commit, title, description, failed, failedDescription }: Removal) => {
      dispatch(removalsStarted(ids));
      let settled = false;
      let dismiss = () => {};
      const settle = () => {
        if (settled) return false;
        settled = true;
        clearTimeout(timer);
        dismiss();
        if (latestUndo === undo) latestUndo = null;
        return true;
      };
      const undo = () => {
        if (!settle()) return false;
        dispatch(removalsEnded(ids));
        showSuccess(ids.length > 1 ? t('moderationPage.undoneMany') : t('moderationPage.undone'));
        return true;
      };
      const timer = setTimeout(() => {
        if (!settle()) return;
        void commit()
          .catch(() => showError(failed, failedDescription))
          .finally(() => dispatch(removalsEnded(ids)));
      }, UNDO_WINDOW_MS);
      dismiss = showUndo(
        title,
        { label: t('moderationPage.undo'), onClick: () => void undo() },
        UNDO_WINDOW_MS,
        description,
      );
      latestUndo = undo;
    },
    [dispatch, t],
  );
}

/** A list without the memories waiting out their Undo window. */
export function useWithoutRemovals<M extends { id: string }>(memories: readonly M[] | undefined): M[] {
  const waiting = useAppSelector(selectWaitingRemovals);
  return useMemo(() => (memories ?? []).filter((memory) => !waiting[memory.id]), [memories, waiting]);
}
