import type { MemoryType, ProcessingState } from './enums';
import type { MemoryModeration } from './memory-state';

/** Texts of spec §5 and §8 for memories, shared by forms and the server's 4xx bodies. */
export const MemoryMessages = {
  nameRequired: 'Name is required',
  messageRequired: 'Message is required',
  drawingRequired: 'Drawing is required',
  photoRequired: 'Please select a photo to upload',
  invalidFileType: 'Invalid file type',
  fileTooLarge: 'File too large',
  bulkFileTooLarge: 'Each file must be less than 5MB',
  memoryNotFound: 'Memory not found',
  notApproved: 'Only approved memories can be featured',
  stillProcessing: 'This memory is still being processed',
  processingFailed: 'This memory could not be processed',
  submissionIdInvalid: 'The submission id must be a UUID',
  submissionIdReused: 'This submission id was already used for a different memory',
} as const;

/**
 * The request header naming a submission: a UUID the client makes once per memory and sends again with
 * every retry of it, so that a retry after a lost answer stores nothing twice (the server answers the
 * stored memory again). Optional: a submission without it is stored as sent.
 */
export const SUBMISSION_ID_HEADER = 'x-submission-id';

/** Upload limits of spec §9. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const BULK_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const DRAWING_MAX_BYTES = 2 * 1024 * 1024;

/** The two WebP renditions made of every photo and drawing, by longest edge. */
export const IMAGE_RENDITIONS = { card: 800, full: 1920 } as const;
export type RenditionName = keyof typeof IMAGE_RENDITIONS;

export interface ImageRendition {
  url: string;
  width: number;
  height: number;
}

export type MemoryMedia = Record<RenditionName, ImageRendition>;

/** The fields of a memory anyone may see once it is approved. */
export interface PublicMemory {
  id: string;
  eventId: string;
  type: MemoryType;
  content: string;
  title: string | null;
  author: string;
  photoCaption: string | null;
  featured: boolean;
  language: string;
  createdAt: string;
  /** Photos and drawings: the processed images (the card size and the full-screen size). */
  media: MemoryMedia | null;
}

/** A memory as its hosts see it: with its moderation state and why it is held. */
export interface HostMemory extends PublicMemory {
  approved: boolean;
  flagged: boolean;
  processingState: ProcessingState;
  moderation: MemoryModeration | null;
  /** When the memory reaches (or reached) the screens: its approval plus the event's delay; null if never approved. */
  publicAt: string | null;
}
