/** Texts of /dashboard, added when its chunk loads (see ../lazy.ts). */
const en = {
  pickTitle: 'Pick an Event',
  pickText: 'Enter the code of the event you are attending to see its wall and share your memories.',
  enterCode: 'Enter Event Code',
};

export type DashboardTexts = typeof en;

const zh: DashboardTexts = {
  pickTitle: '选择活动',
  pickText: '输入您参加的活动代码，查看回忆墙并分享您的回忆。',
  enterCode: '输入活动代码',
};

export const dashboardTexts = { en, zh };
