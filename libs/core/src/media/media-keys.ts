import { RenditionName } from '@memory-wall/contracts';

/** Storage layout of a memory's images: the private original and the public renditions. */
export const originalKey = (eventId: string, memoryId: string) => `originals/${eventId}/${memoryId}`;
export const renditionKey = (eventId: string, memoryId: string, name: RenditionName) =>
  `public/memories/${eventId}/${memoryId}-${name}.webp`;
export const mediaUrl = (key: string) => `/api/media/${key}`;
