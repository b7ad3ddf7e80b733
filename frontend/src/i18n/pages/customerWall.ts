/** Texts of the customer wall (/customer-wall), added when its chunk loads (see ../lazy.ts). */
const en = {
  title: 'Memory Wall',
  back: 'Back',
  fullScreen: 'Full Screen',
  wallSettings: 'Wall Settings',
  hint: 'Tap the heart to feature a memory: featured memories are shown first. Tap the flag to remove inappropriate content from the wall.',
  empty: "No memories yet. Memories will appear here once guests submit them and they're approved.",
  errorTitle: 'Something went wrong',
  errorText: "We couldn't load the memory wall",
  featuredToast: 'Memory featured!',
  unfeaturedToast: 'Memory unfeatured',
  flaggedToast: 'Memory flagged',
  actionFailed: 'Something went wrong',
  flagConfirm:
    'Are you sure you want to flag this memory as inappropriate? It will be removed from the presentation immediately.',
};

export type CustomerWallTexts = typeof en;

export const customerWallTexts = en;

declare module '../en' {
  interface LazyResources {
    customerWall: CustomerWallTexts;
  }
}
