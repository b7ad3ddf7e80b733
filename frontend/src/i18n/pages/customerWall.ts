/** Texts of the customer wall (/customer-wall), added when its chunk loads (see ../lazy.ts). */
const en = {
  title: 'Memory Wall',
  back: 'Back',
  fullScreen: 'Full Screen',
  presentation: 'Presentation',
  screens: 'Screens',
  eventHome: 'Event & Keepsake',
  pendingEmpty_one: 'Nothing is on the wall yet: {{count}} memory is waiting for your approval.',
  pendingEmpty_other: 'Nothing is on the wall yet: {{count}} memories are waiting for your approval.',
  reviewPending: 'Review on the Moderation page',
  wallSettings: 'Wall Settings',
  hint: "Feature a memory to show it first on the wall and the screens; Flag one to take it off them at once (it stays here marked 'Flagged for review' and waits on the Moderation page). In Full Screen the same controls are the round ♡ and ⚑ buttons at the top left of each memory.",
  empty: "No memories yet. Memories will appear here once guests submit them and they're approved.",
  noEventTitle: 'No event yet',
  noEventText:
    "Your account is not linked to an event yet. The planner who runs your event adds you to it and gives you your login; ask them, or enter your event's code to take part as a guest.",
  enterCode: 'Enter Event Code',
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
