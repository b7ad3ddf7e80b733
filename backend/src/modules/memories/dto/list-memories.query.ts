import type { BooleanText, DisplayOrder } from '@memory-wall/contracts';

/** The query of GET /events/{id}/memories, each value checked by the controller's QueryEnum pipes. */
export interface ListMemoriesQuery {
  order?: DisplayOrder;
  /** Hosts only: public callers always get the approved memories. */
  approved?: BooleanText;
  flagged?: BooleanText;
}
