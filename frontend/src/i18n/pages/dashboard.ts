/** Texts of /dashboard, added when its chunk loads (see ../lazy.ts). */
const en = {
  pickTitle: 'Pick an Event',
  pickText: 'Enter the code of the event you are attending to see its wall and share your memories.',
  enterCode: 'Enter Event Code',
};

export type DashboardTexts = typeof en;

export const dashboardTexts = en;
