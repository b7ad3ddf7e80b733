import { GoneException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Repository } from 'typeorm';
import { AppConfig, EventRepository, Keepsake, ObjectStorage } from '@memory-wall/core';
import { keepsakeFileName, KeepsakeLink, KeepsakeMessages, KeepsakeStatus } from '@memory-wall/contracts';

/** What the API streams itself (local disk): the file and the name it is saved as. */
export interface LocalDownload {
  root: string;
  path: string;
  fileName: string;
}

/**
 * Short-lived download links of ready keepsakes. With S3 the link is presigned (S3 serves Range itself);
 * on local disk it is our download route with an expiry and an HMAC of it, and the route still asks for a
 * host's session: a link that leaks is no use to anyone else, and none for long.
 */
@Injectable()
export class KeepsakeDownloads {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @InjectRepository(Keepsake) private readonly keepsakes: Repository<Keepsake>,
    private readonly events: EventRepository,
  ) {}

  async link(eventId: string, keepsakeId: string): Promise<KeepsakeLink> {
    const { keepsake, fileName } = await this.ready(eventId, keepsakeId);
    const ttl = this.config.KEEPSAKE_LINK_TTL_SECONDS;
    const expires = Math.floor(Date.now() / 1000) + ttl;
    const expiresAt = new Date(expires * 1000).toISOString();
    const presigned = await this.storage.downloadUrl(keepsake.objectKey!, fileName, ttl);
    if (presigned) return { url: presigned, expiresAt };
    const query = new URLSearchParams({ expires: String(expires), signature: this.sign(keepsake, expires) });
    return { url: `/api/events/${eventId}/keepsakes/${keepsakeId}/download?${query.toString()}`, expiresAt };
  }

  /** The file a valid, unexpired link of a ready keepsake names; 410 for a link that is not (any more). */
  async open(eventId: string, keepsakeId: string, expires: string, signature: string): Promise<LocalDownload> {
    const { keepsake, fileName } = await this.ready(eventId, keepsakeId);
    const expiry = Number(expires);
    const expected = Buffer.from(this.sign(keepsake, expiry));
    const given = Buffer.from(signature ?? '');
    const valid =
      Number.isInteger(expiry) &&
      expiry * 1000 > Date.now() &&
      given.length === expected.length &&
      timingSafeEqual(given, expected);
    if (!valid) throw new GoneException(KeepsakeMessages.linkExpired);
    const file = this.storage.localFile(keepsake.objectKey!);
    if (!file) throw new GoneException(KeepsakeMessages.linkExpired);
    return { ...file, fileName };
  }

  private async ready(eventId: string, keepsakeId: string) {
    const keepsake = await this.keepsakes.findOneBy({ id: keepsakeId, eventId });
    if (!keepsake) throw new NotFoundException(KeepsakeMessages.notFound);
    if (keepsake.status !== KeepsakeStatus.Ready || !keepsake.objectKey)
      throw new NotFoundException(KeepsakeMessages.notReady);
    const event = await this.events.getById(eventId);
    return { keepsake, fileName: keepsakeFileName(event.name, keepsake.kind) };
  }

  /** Signs the build (its generation: a link of an older build does not fetch a newer one) and the expiry. */
  private sign(keepsake: Keepsake, expires: number): string {
    return createHmac('sha256', this.config.SESSION_SECRET)
      .update(`keepsake:${keepsake.id}:${keepsake.generation}:${expires}`)
      .digest('base64url');
  }
}
