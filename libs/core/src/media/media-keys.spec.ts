import { featuredImageKey, isFeaturedImageOf, mediaUrl, renditionKey, renditionOwner } from './media-keys';

describe('media keys', () => {
  const eventId = '6f1c1e8e-0000-4000-8000-000000000001';
  const otherEventId = '6f1c1e8e-0000-4000-8000-000000000002';
  const imageId = '6f1c1e8e-0000-4000-8000-0000000000aa';

  it("recognises the address of an image uploaded for this event's wall, and no other", () => {
    const url = mediaUrl(featuredImageKey(eventId, imageId));
    expect(url).toBe(`/api/media/public/featured/${eventId}/${imageId}.webp`);
    expect(isFeaturedImageOf(eventId, url)).toBe(true);
    expect(isFeaturedImageOf(otherEventId, url)).toBe(false);
    expect(isFeaturedImageOf(eventId, mediaUrl(renditionKey(eventId, imageId, 'card')))).toBe(false);
    expect(isFeaturedImageOf(eventId, `https://tracker.example${url}`)).toBe(false);
    expect(isFeaturedImageOf(eventId, `${url}?x=1`)).toBe(false);
  });

  it("tells a featured image's key from a memory's rendition", () => {
    expect(renditionOwner(featuredImageKey(eventId, imageId))).toBe('none');
    expect(renditionOwner(renditionKey(eventId, imageId, 'card'))).toEqual({ eventId, memoryId: imageId });
  });
});
