import type { PublicMemory } from '@memory-wall/contracts';

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

const HAN = /\p{Script=Han}/gu;

/** Text with more than 20 % Chinese characters is styled as Chinese (spec §2 Memory card). */
export function isMostlyChinese(text: string): boolean {
  const letters = text.replace(/\s/g, '');
  if (!letters) return false;
  return (letters.match(HAN)?.length ?? 0) / letters.length > 0.2;
}
