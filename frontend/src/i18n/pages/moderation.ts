/** Texts of the moderation page (/events/{id}/moderation), added when its chunk loads (see ../lazy.ts). */
const en = {
  title: 'Moderation',
  intro: 'Review what guests have shared before it appears on the wall.',
  notAllowed: "Your event's planner has not given you access to moderation.",
  tabs: 'Memories by state',
  pending: 'Pending',
  approved: 'Approved',
  flagged: 'Flagged',
  from: 'From: {{author}}',
  anonymous: 'Anonymous',
  heldReason: 'Held: {{reason}}',
  categories: 'Categories: {{categories}}',
  approve: 'Approve',
  reject: 'Reject',
  flag: 'Flag',
  remove: 'Remove',
  processing: 'Still being processed',
  failed: 'Could not be processed',
  emptyPending: 'No pending memories',
  emptyApproved: 'No approved memories',
  emptyFlagged: 'No flagged memories',
  approvedToast: 'Memory approved',
  rejectedToast: 'Memory rejected',
  flaggedToast: 'Memory flagged',
  approveFailed: 'Failed to approve memory',
  rejectFailed: 'Failed to reject memory',
  flagFailed: 'Failed to flag memory',
  loadFailed: 'Failed to load memories',
  retry: 'Retry',
};

export type ModerationTexts = typeof en;

export const moderationTexts = en;

declare module '../en' {
  interface LazyResources {
    moderationPage: ModerationTexts;
  }
}
