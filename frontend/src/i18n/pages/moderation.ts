/** Texts of the moderation page (/events/{id}/moderation), added when its chunk loads (see ../lazy.ts). */
const en = {
  title: 'Moderation',
  intro: 'Review what guests have shared before it appears on the wall.',
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

const zh: ModerationTexts = {
  title: '内容审核',
  intro: '在回忆显示到墙上之前进行审核。',
  tabs: '按状态查看回忆',
  pending: '待审核',
  approved: '已通过',
  flagged: '已标记',
  from: '来自：{{author}}',
  anonymous: '匿名',
  heldReason: '暂缓原因：{{reason}}',
  categories: '类别：{{categories}}',
  approve: '通过',
  reject: '拒绝',
  flag: '标记',
  remove: '移除',
  processing: '仍在处理中',
  failed: '无法处理',
  emptyPending: '没有待审核的回忆',
  emptyApproved: '没有已通过的回忆',
  emptyFlagged: '没有已标记的回忆',
  approvedToast: '回忆已通过',
  rejectedToast: '回忆已拒绝',
  flaggedToast: '回忆已标记',
  approveFailed: '通过回忆失败',
  rejectFailed: '拒绝回忆失败',
  flagFailed: '标记回忆失败',
  loadFailed: '加载回忆失败',
  retry: '重试',
};

export const moderationTexts = { en, zh };

declare module '../en' {
  interface LazyResources {
    moderationPage: ModerationTexts;
  }
}
