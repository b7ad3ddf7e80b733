import { EVENT_TYPES, type EventType } from '@memory-wall/contracts';
import type { useTranslation } from '../../i18n';
import { humanize } from '../credits/ui';

type Translate = ReturnType<typeof useTranslation>['t'];

/** A provider's service type in the reader's language; a value from before sign-up asked for them, humanized. */
export const serviceTypeLabel = (t: Translate) => (type: string) =>
  (EVENT_TYPES as readonly string[]).includes(type) ? t(`admin.eventTypes.${type as EventType}`) : humanize(type);
