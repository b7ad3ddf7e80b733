import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  EventRepository,
  featuredImageKey,
  inspectImage,
  mediaUrl,
  ObjectStorage,
  renderWebp,
} from '@memory-wall/core';

/** The longer edge of a stored featured image: a full-screen wall's width. */
const FEATURED_IMAGE_EDGE = 1920;

/** The wall's featured image of an event: stored re-encoded, without metadata, and set as its wall image. */
@Injectable()
export class FeaturedImages {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly events: EventRepository,
  ) {}

  /**
   * Decodes the uploaded file, stores it as a WebP under a new key and makes it the event's wall image;
   * answers its address. Throws UnsupportedImageError for anything that is not an image within the limits.
   */
  async replace(eventId: string, uploadedPath: string): Promise<string> {
    await inspectImage(uploadedPath);
    const image = await renderWebp(uploadedPath, FEATURED_IMAGE_EDGE);
    const key = featuredImageKey(eventId, randomUUID());
    await this.storage.put(key, image.data, 'image/webp');
    const imageUrl = mediaUrl(key);
    await this.events.update(eventId, { wallImage: imageUrl });
    return imageUrl;
  }
}
