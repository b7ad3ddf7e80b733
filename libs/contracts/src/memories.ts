import type { MemoryType, ProcessingState } from './enums';
import type { MemoryModeration, MyMemoryStatus } from './memory-state';

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
  videoNotAccepted: 'This event does not take video clips',
  videoTooLong: 'This video clip is too long',
  videoUnreadable: 'This file is not a video we can play',
  myMemoriesInvalid: 'Submission ids must be a list of at most 100 UUIDs',
  submissionIdRequired: 'The submission id of this memory is required',
  voiceRequired: 'Please record a voice message',
  voiceNotAccepted: 'This event does not take voice messages',
  voiceTooLong: 'This voice message is too long',
} as const;

// A module of its own, so a guest's page that sends this header downloads none of this file's catalogues.
export { SUBMISSION_ID_HEADER } from './submission-id';

/**
 * A guest's own memories (issue #25): the device keeps the submission ids it sent (SUBMISSION_ID_HEADER), and
 * only those ids, secret random UUIDs that no screen or list ever shows, find a memory's status or delete it.
 * So the device is the account, and nobody else can do this with a memory's public id.
 */
export const MY_MEMORIES_MAX = 100;

/** One of a device's memories as its guest sees it; `memoryId` null when it is gone (a host rejected it). */
export interface MyMemory {
  submissionId: string;
  memoryId: string | null;
  status: MyMemoryStatus;
}

/** Upload limits of spec §9. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const BULK_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const DRAWING_MAX_BYTES = 2 * 1024 * 1024;
/**
 * Photos a guest may pick at once (issue #26): each is sent as its own submission and becomes its own
 * memory, so the server's per-address submission limit (SUBMISSIONS_PER_MINUTE) must allow at least this many.
 */
export const PHOTOS_AT_ONCE_MAX = 10;

/**
 * Video clips (issue #26): the longest clip any event may take (an event sets its own limit up to this),
 * the largest upload (a minute of 4K from a phone is about 350 MB), and the wall's MP4 (H.264/AAC, at
 * most 720p: its shorter side at most 720 px, its longer at most 1280).
 */
export const VIDEO_MAX_SECONDS = 60;
export const VIDEO_MIN_SECONDS = 5;
export const VIDEO_DEFAULT_SECONDS = 60;
export const VIDEO_MAX_BYTES = 400 * 1024 * 1024;
export const VIDEO_RENDITION = { longEdge: 1280, shortEdge: 720 } as const;
/** Where guests' clips go up, by the tus protocol (tus-js-client's endpoint; uploads live under it). */
export const videoUploadPath = (eventId: string) => `/api/events/${eventId}/submissions/video`;
/** The tus metadata a clip's upload carries (besides filename/filetype): the form's fields. */
export const VIDEO_METADATA_FIELDS = ['name', 'photoCaption', 'title'] as const;

/**
 * Voice messages (issue #26): at most two minutes, recorded in the browser (Chrome: WebM/Opus, Safari:
 * MP4/AAC, Firefox: Ogg/Opus) and sent in one multipart request (two minutes of Opus or AAC are one to two
 * megabytes), transcoded to AAC in M4A, which every browser plays, with a waveform image.
 */
export const VOICE_MAX_SECONDS = 120;
export const VOICE_MAX_BYTES = 10 * 1024 * 1024;
/** The waveform image's size (a wide strip; its WebP renditions are made from it like a photo's). */
export const VOICE_WAVEFORM = { width: 1200, height: 300 } as const;

/**
 * Hearts (issue #27): a guest's device names itself by a UUID it keeps in the browser's
 * storage, and each device hearts a memory at most once. A device id is cheap to make, so hearts are also
 * limited per address.
 */
export const HeartMessages = {
  deviceIdInvalid: 'The device id must be a UUID',
  tooManyHearts: 'Too many hearts from this connection. Please wait a moment and try again.',
} as const;

/** The two WebP renditions made of every photo and drawing, by longest edge. */
export const IMAGE_RENDITIONS = { card: 800, full: 1920 } as const;
export type RenditionName = keyof typeof IMAGE_RENDITIONS;

export interface ImageRendition {
  url: string;
  width: number;
  height: number;
}

export interface VideoRendition extends ImageRendition {
  /** Seconds, as transcoded. */
  duration: number;
}

/** A voice message as every browser plays it. */
export interface AudioRendition {
  url: string;
  /** Seconds, as transcoded. */
  duration: number;
}

/** A recording's length as a clock reads it (0:42, 1:05), for a voice message's card and the keepsakes. */
export function clockLength(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * A photo's or drawing's renditions; a video clip's are of its poster frame, beside the clip itself; a voice
 * message's are of its waveform, beside the recording.
 */
export type MemoryMedia = Record<RenditionName, ImageRendition> & { video?: VideoRendition; audio?: AudioRendition };

/** The fields of a memory anyone may see once it is approved. */
export interface PublicMemory {
  id: string;
  eventId: string;
  type: MemoryType;
  /** A message's text; a voice message's transcript (empty when none was made). */
  content: string;
  title: string | null;
  author: string;
  photoCaption: string | null;
  featured: boolean;
  language: string;
  createdAt: string;
  /** Hearts guests gave it (one per device); it only ever rises. */
  hearts: number;
  /** Photos and drawings: the processed images (the card size and the full-screen size); clips: their poster and MP4. */
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
