import { ObjectStorage } from '../storage/object-storage';
import { memoryObjectKeys } from './media-keys';

/** Objects removed at once: each is one cheap storage call, but an event may have thousands. */
const REMOVE_AT_ONCE = 16;

/**
 * Removes every object the memories may have (originals, renditions, clips and their frames); one that is
 * not there is no error. Throws when storage refused one, so the caller can try again.
 */
export async function removeMemoryObjects(storage: ObjectStorage, eventId: string, memoryIds: string[]): Promise<void> {
  const keys = memoryIds.flatMap((memoryId) => memoryObjectKeys(eventId, memoryId));
  for (let i = 0; i < keys.length; i += REMOVE_AT_ONCE)
    await Promise.all(keys.slice(i, i + REMOVE_AT_ONCE).map((key) => storage.remove(key)));
}
