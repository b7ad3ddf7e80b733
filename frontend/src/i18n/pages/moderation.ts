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
  // Undo (issue #27)
  undo: 'Undo',
  undone: 'Undone: the memory is back',
  undoneMany: 'Undone: the memories are back',
  removedToast: 'Memory removed',
  rejectedMany_one: '{{count}} memory rejected',
  rejectedMany_other: '{{count}} memories rejected',
  removedMany_one: '{{count}} memory removed',
  removedMany_other: '{{count}} memories removed',
  // Selection and bulk decisions
  select: 'Select the memory from {{author}}',
  selectAll: 'Select all ({{count}})',
  selected_one: '{{count}} selected',
  selected_other: '{{count}} selected',
  selectionActions: 'Actions on the selected memories',
  clearSelection: 'Clear selection',
  approvedMany_one: '{{count}} memory approved',
  approvedMany_other: '{{count}} memories approved',
  flaggedMany_one: '{{count}} memory flagged',
  flaggedMany_other: '{{count}} memories flagged',
  notDone_one: '{{count}} memory was left as it was: {{reason}}',
  notDone_other: '{{count}} memories were left as they were: {{reason}}',
  // Keyboard shortcuts
  shortcutsHint: 'Press ? for keyboard shortcuts',
  shortcutsTitle: 'Keyboard shortcuts',
  shortcutsClose: 'Close',
  keyNext: 'Next memory',
  keyPrevious: 'Previous memory',
  keyApprove: 'Approve',
  keyReject: 'Reject (Remove on Approved)',
  keyFlag: 'Flag',
  keySelect: 'Select or unselect',
  keyUndo: 'Undo the last rejection or removal',
  keyHelp: 'Show this list',
  cardLabel: 'Memory {{position}} of {{count}}, from {{author}}',
  // Alerts for new pending memories
  alertsTitle: 'Alerts for new memories to review',
  alertSound: 'Play a sound',
  alertNotify: 'Show a notification',
  notifyBlocked: 'Notifications are blocked for this site in your browser settings.',
  notifyUnsupported: 'This browser cannot show notifications.',
  notificationTitle: 'A new memory to review',
  notificationBody: 'From {{author}}',
  // Keyword list
  keywordsTitle: 'Keywords to hold',
  keywordsIntro:
    'A guest memory whose message, title, caption or name contains one of these words is held here for you, whatever the moderation type. One word or phrase per line; case and accents do not matter.',
  keywordsLabel: 'Keywords',
  keywordsSave: 'Save keywords',
  keywordsSaved: 'Keywords saved',
  keywordsFailed: 'Could not save the keywords',
  keywordsCount_one: '{{count}} keyword',
  keywordsCount_other: '{{count}} keywords',
  keywordsNone: 'No keywords',
};

export type ModerationTexts = typeof en;

export const moderationTexts = en;

declare module '../en' {
  interface LazyResources {
    moderationPage: ModerationTexts;
  }
}
