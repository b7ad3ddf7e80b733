import { useCallback, useEffect, useRef, useState } from 'react';
import { MemoryType, type PublicMemory } from '@memory-wall/contracts';
import { responsiveImageOf } from '../memories/memoryContent';

/** How long a photo whose image failed to load waits before it is tried again (the network may be back). */
export const IMAGE_RETRY_MS = 15_000;

/** A video clip's card shows its poster first: it waits for that like a photo. */
const hasImage = (memory: PublicMemory) =>
  memory.type === MemoryType.Photo ||
  memory.type === MemoryType.Drawing ||
  memory.type === MemoryType.Video ||
  memory.type === MemoryType.Voice;

/**
 * Which memories can go on the screen: a message at once, a photo or drawing once its image has loaded
 * (as the card will ask for it, with the same srcset and `sizes`), so the presentation never shows a
 * broken or half-loaded image. A failed load is tried again every IMAGE_RETRY_MS.
 */
export function useImagesReady(memories: readonly PublicMemory[], sizes: string): (id: string) => boolean {
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(new Set());
  const loading = useRef(new Map<string, HTMLImageElement>());
  const retries = useRef(new Set<ReturnType<typeof setTimeout>>());
  const sizesRef = useRef(sizes);
  sizesRef.current = sizes;

  const load = useCallback((memory: PublicMemory) => {
    const image = responsiveImageOf(memory);
    if (!image.url || loading.current.has(memory.id)) return;
    const element = new Image();
    loading.current.set(memory.id, element);
    element.onload = () => setLoaded((ids) => new Set(ids).add(memory.id));
    element.onerror = () => {
      const timer = setTimeout(() => {
        retries.current.delete(timer);
        loading.current.delete(memory.id);
        load(memory);
      }, IMAGE_RETRY_MS);
      retries.current.add(timer);
    };
    if (image.srcSet) {
      element.sizes = sizesRef.current;
      element.srcset = image.srcSet;
    }
    element.src = image.url;
  }, []);

  useEffect(() => {
    for (const memory of memories) if (hasImage(memory)) load(memory);
  }, [memories, load]);

  useEffect(() => {
    const images = loading.current;
    const timers = retries.current;
    return () => {
      for (const element of images.values()) element.onload = element.onerror = null;
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);

  const byId = new Map(memories.map((m) => [m.id, m]));
  return (id: string) => {
    const memory = byId.get(id);
    return !!memory && (!hasImage(memory) || loaded.has(id));
  };
}
