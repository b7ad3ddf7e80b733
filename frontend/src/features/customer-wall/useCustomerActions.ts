import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { Role, type PublicMemory } from '@memory-wall/contracts';
import { errorMessage } from '../../api/api';
import { useSessionUser } from '../../api/auth';
import { useGetEventQuery } from '../../api/hostEvents';
import { useFeatureMemoryMutation, useFlagMemoryMutation } from '../../api/memories';
import { showError, showSuccess } from '../../components/ui/toast';
import { useTranslation } from '../../i18n';
import { addPageTexts } from '../../i18n/lazy';
import { customerWallTexts } from '../../i18n/pages/customerWall';
import type { CustomerActions } from '../memories/MemoryCard';

addPageTexts('customerWall', customerWallTexts);

/**
 * Feature and Flag for a customer who may moderate the event (spec §2 Customer wall, Memory card): the
 * actions of each memory, or undefined for anyone else. On the customer wall they are buttons; in
 * presentation mode, round icon buttons at the top left. Flagging asks first, and takes the memory off the
 * wall and the screens at once.
 */
export function useCustomerActions(
  eventId: string | undefined,
): ((memory: PublicMemory) => CustomerActions) | undefined {
  const { t } = useTranslation();
  const { user } = useSessionUser();
  const customer = user?.role === Role.Customer;
  const { data: event } = useGetEventQuery(customer && eventId ? eventId : skipToken);
  const [feature] = useFeatureMemoryMutation();
  const [flag] = useFlagMemoryMutation();
  const [busy, setBusy] = useState<string | null>(null);
  if (!customer || !eventId || !event?.permissions.canModerate) return undefined;

  const act = async (id: string, action: () => Promise<{ featured: boolean }>, done: (featured: boolean) => string) => {
    setBusy(id);
    try {
      showSuccess(done((await action()).featured));
    } catch (error) {
      showError(t('customerWall.actionFailed'), errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (memory) => ({
    busy: busy === memory.id,
    onFeature: () =>
      void act(
        memory.id,
        () => feature({ id: memory.id, eventId }).unwrap(),
        (featured) => (featured ? t('customerWall.featuredToast') : t('customerWall.unfeaturedToast')),
      ),
    onFlag: () => {
      if (!window.confirm(t('customerWall.flagConfirm'))) return;
      void act(
        memory.id,
        () => flag({ id: memory.id, eventId }).unwrap(),
        () => t('customerWall.flaggedToast'),
      );
    },
  });
}
