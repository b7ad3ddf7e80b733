import sharp from 'sharp';
import { Event } from '@memory-wall/core';
import { createAccount, makeEventAdmin, TestAccount } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient, signedIn } from '@memory-wall/testkit/http';
import { gpsTaggedJpeg, multipart, pixelFloodPng, truncatedJpeg } from '@memory-wall/testkit/images';
import { RunningProcess, startApi } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

describe('POST /api/upload/featured-image/:id', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let provider: TestAccount;
  let asProvider: ApiClient;
  let eventId: string;

  beforeAll(async () => {
    t = await createTestEnvironment();
    api = await startApi(t.env);
    provider = await createAccount(t.dataSource, 'service_provider');
    asProvider = await signedIn(api.url, provider);
    eventId = (await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id })).id;
  });

  afterAll(async () => {
    await api?.stop();
    await t?.cleanup();
  });

  const wallImage = async () => (await t.dataSource.getRepository(Event).findOneByOrFail({ id: eventId })).wallImage;

  it('stores a re-encoded WebP without any metadata, serves it for a year, and sets the wall image', async () => {
    const res = await asProvider.post(
      `/api/upload/featured-image/${eventId}`,
      multipart('image', await gpsTaggedJpeg(), 'photo.png'),
    );
    expect(res.status).toBe(200);
    expect(res.body.imageUrl).toMatch(/^\/api\/media\/public\/featured\/.+\.webp$/);
    expect(await wallImage()).toBe(res.body.imageUrl);

    const served = await fetch(`${api.url}${res.body.imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    expect(meta.exif).toBeUndefined();
  });

  it.each([
    [
      'a text file named .jpg',
      async () => multipart('image', Buffer.from('<html><script>alert(1)</script></html>'), 'x.jpg'),
      400,
      'Only image files are allowed',
    ],
    ['a truncated JPEG', async () => multipart('image', await truncatedJpeg()), 400, 'Only image files are allowed'],
    [
      'a 30000×30000 pixel flood',
      async () => multipart('image', await pixelFloodPng()),
      400,
      'Only image files are allowed',
    ],
    [
      '5 MB + 1 byte',
      async () => multipart('image', Buffer.alloc(5 * 1024 * 1024 + 1, 1)),
      413,
      'The image must be at most 5MB',
    ],
    ['the wrong field name', async () => multipart('photo', await gpsTaggedJpeg()), 400, 'Please choose an image file'],
  ])('refuses %s and keeps the wall image', async (_, body, status, message) => {
    const before = await wallImage();
    const res = await asProvider.post(`/api/upload/featured-image/${eventId}`, await body());
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await wallImage()).toBe(before);
  });

  it('lets the event’s customer upload and refuses another provider', async () => {
    const customer = await createAccount(t.dataSource, 'customer');
    await makeEventAdmin(t.dataSource, customer.user.id, eventId);
    const asCustomer = await signedIn(api.url, customer);
    expect(
      (
        await asCustomer.post(
          `/api/upload/featured-image/${eventId}`,
          multipart('image', await gpsTaggedJpeg(400, 300)),
        )
      ).status,
    ).toBe(200);
    const stranger = await signedIn(api.url, await createAccount(t.dataSource, 'service_provider'));
    expect(
      (await stranger.post(`/api/upload/featured-image/${eventId}`, multipart('image', await gpsTaggedJpeg(400, 300))))
        .status,
    ).toBe(404);
  });

  describe('the wall image (PATCH /api/events/:id wallImage)', () => {
    it('accepts only an image uploaded for this event, or none, and keeps the stored one otherwise', async () => {
      const own = (
        await asProvider.post(
          `/api/upload/featured-image/${eventId}`,
          multipart('image', await gpsTaggedJpeg(400, 300)),
        )
      ).body.imageUrl;
      const otherEventId = (await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id })).id;
      const othersImage = (
        await asProvider.post(
          `/api/upload/featured-image/${otherEventId}`,
          multipart('image', await gpsTaggedJpeg(400, 300)),
        )
      ).body.imageUrl;
      const refused = [
        'https://tracker.example/pixel.gif?guest=1',
        'http://tracker.example/wall.jpg',
        '//tracker.example/wall.jpg',
        `/api/media/public/../originals/${eventId}/x`,
        `/api/media/public/featured/${eventId}/../../memories/x.webp`,
        `/api/media/public/featured/${eventId}/%2e%2e/x.webp`,
        othersImage,
        'javascript:alert(1)',
        42,
      ];
      for (const address of refused) {
        const res = await asProvider.patch(`/api/events/${eventId}`, { wallImage: address });
        expect({ address, status: res.status, message: res.body.fields?.wallImage }).toEqual({
          address,
          status: 400,
          message: 'The wall image must be an image uploaded for this event',
        });
        expect(await wallImage()).toBe(own);
      }

      expect((await asProvider.patch(`/api/events/${eventId}`, { wallImage: null })).status).toBe(200);
      expect(await wallImage()).toBeNull();
      expect((await asProvider.patch(`/api/events/${eventId}`, { wallImage: own })).body.event.wallImage).toBe(own);
    });

    it('refuses any wall image on creation (the form uploads it once the event exists)', async () => {
      const res = await asProvider.post('/api/events', {
        name: 'Tracked gala',
        eventType: 'general',
        wallImage: 'https://tracker.example/p.gif',
      });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ wallImage: 'The wall image must be an image uploaded for this event' });
    });

    it('lets an event keep a wall image stored before the rule when it is edited', async () => {
      const legacy = 'https://cdn.example/old-wall.jpg';
      const legacyEventId = (
        await createEvent(t.dataSource, { serviceProviderId: provider.provider!.id, wallImage: legacy })
      ).id;
      const res = await asProvider.patch(`/api/events/${legacyEventId}`, { name: 'Renamed gala', wallImage: legacy });
      expect(res.status).toBe(200);
      expect(res.body.event).toMatchObject({ name: 'Renamed gala', wallImage: legacy });
    });
  });

  it('never serves keys outside public/', async () => {
    for (const path of [
      '/api/media/public/../originals/x',
      '/api/media/public/%2e%2e/originals/x',
      '/api/media/public/none.webp',
    ]) {
      expect((await fetch(`${api.url}${path}`)).status).toBe(404);
    }
  });
});
