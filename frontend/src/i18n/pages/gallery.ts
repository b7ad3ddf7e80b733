/** Texts of the guests' gallery (/gallery/{eventId}). */
const galleryEn = {
  title: 'Memories',
  count_one: '{{count}} memory',
  count_other: '{{count}} memories',
  intro: 'Tap ♥ on the memories you love.',
  share: 'Share a memory',
  emptyTitle: 'No memories yet',
  emptyText: 'Be the first to share one.',
  notFoundTitle: 'Event Not Found',
  notFoundText: "We couldn't find this event. Please check the link.",
  showMore: 'Show more',
};

export type GalleryTexts = typeof galleryEn;

export const galleryTexts = galleryEn;

declare module '../en' {
  interface LazyResources {
    gallery: GalleryTexts;
  }
}
