import { Inject, Injectable } from '@nestjs/common';
import { buffer } from 'node:stream/consumers';
import { IMAGE_RENDITIONS, MemoryMedia } from '@memory-wall/contracts';
import {
  inspectImage,
  Memory,
  ObjectStorage,
  originalKey,
  renderWebpSet,
  UnsupportedImageError,
} from '@memory-wall/core';
import { storeImageRenditions } from './stored-renditions';

export interface ProcessedImage {
  media: MemoryMedia;
}

/**
 * Turns a memory's private original into its public WebP renditions. Keys are fixed per memory, so a
 * second run writes the same objects again and leaves nothing extra behind.
 */
@Injectable()
export class ImageRenditions {
  constructor(@Inject(ObjectStorage) private readonly storage: ObjectStorage) {}

  async process(memory: Memory): Promise<ProcessedImage> {
    const original = await this.storage.get(originalKey(memory.eventId, memory.id));
    if (!original) throw new UnsupportedImageError('the original is missing');
    const input = await buffer(original.stream); // originals are at most 10 MB
    await inspectImage(input);
    const renditions = await renderWebpSet(input, IMAGE_RENDITIONS);
    const media: MemoryMedia = await storeImageRenditions(this.storage, memory, renditions);
    return { media };
  }
}
