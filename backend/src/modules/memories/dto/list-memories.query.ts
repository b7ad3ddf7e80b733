import { DisplayOrder } from '@memory-wall/contracts';

/** `?approved=` and `?flagged=` take the words true and false. */
export const BooleanText = { True: 'true', False: 'false' } as const;
export type BooleanText = (typeof BooleanText)[keyof typeof BooleanText];

/** The query of GET /events/{id}/memories, each value checked by the controller's QueryEnum pipes. */
export interface ListMemoriesQuery {
  order?: DisplayOrder;
  /** Hosts only: public callers always get the approved memories. */
  approved?: BooleanText;
  flagged?: BooleanText;
}
