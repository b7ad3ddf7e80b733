import { RenditionName } from '@memory-wall/contracts';

/** Storage layout of a memory's images: the private original and the public renditions. */
export const originalKey = (eventId: string, memoryId: string) => `originals/${eventId}/${memoryId}`;
export const renditionKey = (eventId: string, memoryId: string, name: RenditionName) =>
  `public/memories/${eventId}/${memoryId}-${name}.webp`;
export const mediaUrl = (key: string) => `/api/media/${key}`;
/** The storage key behind a media address (mediaUrl's inverse). */
export const mediaKey = (url: string) => url.replace(/^\/api\/media\//, '');
/** A video clip's MP4, beside its poster's renditions (public on the same terms). */
export const videoKey = (eventId: string, memoryId: string) => `public/memories/${eventId}/${memoryId}-video.mp4`;
/** A voice message's M4A, beside its waveform's renditions (public on the same terms). */
export const audioKey = (eventId: string, memoryId: string) => `public/memories/${eventId}/${memoryId}-voice.m4a`;
/** The frames of a clip that AI moderation looks at: private, like the original. */
export const moderationFrameKey = (eventId: string, memoryId: string, index: number) =>
  `originals/${eventId}/${memoryId}-frame-${index}.jpg`;
/** How many frames of a clip, spread across it, AI moderation looks at. */
export const VIDEO_MODERATION_FRAMES = 4;
/** Every object a memory may have, to remove them all with it. */
export const memoryObjectKeys = (eventId: string, memoryId: string): string[] => [
  originalKey(eventId, memoryId),
  renditionKey(eventId, memoryId, 'card'),
  renditionKey(eventId, memoryId, 'full'),
  videoKey(eventId, memoryId),
  audioKey(eventId, memoryId),
  ...Array.from({ length: VIDEO_MODERATION_FRAMES }, (_, index) => moderationFrameKey(eventId, memoryId, index)),
];

/** Every folder of an event's objects: its memories' originals and renditions, its featured images, its keepsakes. */
export const eventFolders = (eventId: string): string[] => [
  `originals/${eventId}/`,
  `${RENDITIONS_PREFIX}${eventId}/`,
  `${FEATURED_PREFIX}${eventId}/`,
  `keepsakes/${eventId}/`,
];

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const RENDITIONS_PREFIX = 'public/memories/';
const RENDITION_KEY = new RegExp(`^${RENDITIONS_PREFIX}(${UUID})/(${UUID})-[a-z]+\\.(?:webp|mp4|m4a)$`);

/**
 * Whose rendition a key names: a memory's ('memory', with its ids), no memory's ('none': featured images),
 * or one that cannot be told ('unknown': anything else, which no one may read). A rendition
 * is public only while its memory is on the public wall; before that only the event's moderators see it.
 */
export function renditionOwner(key: string): { eventId: string; memoryId: string } | 'none' | 'unknown' {
  if (key.startsWith(FEATURED_PREFIX)) return 'none';
  const match = RENDITION_KEY.exec(key);
  return match ? { eventId: match[1], memoryId: match[2] } : 'unknown';
}

const FEATURED_PREFIX = 'public/featured/';
/** A wall's featured image, uploaded for that event (the only wall images accepted). */
export const featuredImageKey = (eventId: string, imageId: string) => `${FEATURED_PREFIX}${eventId}/${imageId}.webp`;
const FEATURED_IMAGE_URL = new RegExp(`^${mediaUrl(FEATURED_PREFIX)}(${UUID})/${UUID}\\.webp$`);

/** Whether `url` is an image uploaded for this event's wall. */
export const isFeaturedImageOf = (eventId: string, url: string) => FEATURED_IMAGE_URL.exec(url)?.[1] === eventId;
