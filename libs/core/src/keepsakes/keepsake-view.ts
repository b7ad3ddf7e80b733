import type { KeepsakeView } from '@memory-wall/contracts';
import type { Keepsake } from '../database/entities/keepsake.entity';

export const toKeepsakeView = (k: Keepsake): KeepsakeView => ({
  id: k.id,
  eventId: k.eventId,
  kind: k.kind,
  status: k.status,
  progress: k.progress,
  size: k.size,
  missing: k.missing,
  error: k.error,
  requestedAt: k.requestedAt.toISOString(),
  updatedAt: k.updatedAt.toISOString(),
});

/** Where a keepsake's finished file lives: one key per build, so a new build never overwrites a download in progress. */
export const keepsakeKey = (k: Pick<Keepsake, 'eventId' | 'id' | 'generation' | 'kind'>) =>
  `keepsakes/${k.eventId}/${k.id}-${k.generation}.${k.kind === 'zip' ? 'zip' : 'pdf'}`;
