import {
  isMostlyChinese as mostlyChinese,
  MemoryType,
  ProcessingState,
  type HostMemory,
  type PublicMemory,
  type RenditionName,
} from '@memory-wall/contracts';

/** A photo's address and caption: content is either JSON {url, caption} or a plain address (spec §3). */
export function photoOf(memory: PublicMemory): { url: string; caption: string | null } {
  const fallbackCaption = memory.photoCaption || memory.title || null;
  try {
    const parsed: unknown = JSON.parse(memory.content);
    if (parsed && typeof parsed === 'object' && 'url' in parsed && typeof parsed.url === 'string') {
      const caption = 'caption' in parsed && typeof parsed.caption === 'string' ? parsed.caption : null;
      return { url: parsed.url, caption: caption || fallbackCaption };
    }
  } catch {
    // not JSON: a plain address
  }
  return { url: memory.content, caption: fallbackCaption };
}

/**
 * Whether a photo's, drawing's or clip's files were deleted (the event's retention ended): processed, yet
 * with neither renditions nor an address. Only the texts remain.
 */
export function mediaRemoved(memory: PublicMemory | HostMemory): boolean {
  if (memory.type === MemoryType.Message || memory.media || memory.content) return false;
  return !('processingState' in memory) || memory.processingState === ProcessingState.Ready;
}

export interface MemoryImage {
  /** null while the workers are still making the renditions. */
  url: string | null;
  width?: number;
  height?: number;
}

/**
 * The image of a photo or drawing at the wanted size: the processed rendition when there is one, else
 * whatever the content holds (an older memory's address, a drawing's data URL).
 */
export function imageOf(memory: PublicMemory, size: RenditionName): MemoryImage {
  const rendition = memory.media?.[size];
  if (rendition) return { url: rendition.url, width: rendition.width, height: rendition.height };
  const url = memory.type === MemoryType.Photo ? photoOf(memory).url : memory.content;
  return { url: url || null };
}

export interface ResponsiveImage extends MemoryImage {
  /** Both renditions by width, so the browser loads the one that fits the place (with `sizes`). */
  srcSet?: string;
}

/**
 * A photo's or drawing's image for a place whose width `sizes` describes: both renditions in a srcset
 * (the card one for a card, the full one where the image is shown large or the screen is dense), `src`
 * the full one for a browser that ignores srcset. Without renditions, whatever the content holds.
 */
export function responsiveImageOf(memory: PublicMemory): ResponsiveImage {
  const media = memory.media;
  if (!media) return imageOf(memory, 'full');
  return {
    url: media.full.url,
    width: media.full.width,
    height: media.full.height,
    srcSet: `${media.card.url} ${media.card.width}w, ${media.full.url} ${media.full.width}w`,
  };
}

/**
 * The text shown under an image: the caption, falling back to photoCaption then title (spec §3). Messages
 * and voice messages have none: their text is their content (a voice message's, its transcript).
 */
export function captionOf(memory: PublicMemory): string | null {
  return memory.type === MemoryType.Message || memory.type === MemoryType.Voice ? null : photoOf(memory).caption;
}

/** Spec §2 Memory card: text with more than 20 % Chinese characters is styled as Chinese. */
export const isMostlyChinese = mostlyChinese;

/** Whether a memory carries its moderation state (a host's view). */
export const isHostMemory = (memory: PublicMemory | HostMemory): memory is HostMemory => 'approved' in memory;
