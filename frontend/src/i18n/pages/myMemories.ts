/** A guest's own memories on the contribute page ("My memories"). Added when the panel's chunk loads. */
const en = {
  title: 'My memories',
  intro: 'What you shared from this device. Only this device can see this list and delete them.',
  kindMessage: 'Message',
  kindPhoto: 'Photo',
  kindDrawing: 'Drawing',
  kindVideo: 'Video',
  kindVoice: 'Voice message',
  statusChecking: 'Checking...',
  statusWaiting: 'Waiting for approval',
  statusOnWall: 'On the wall',
  statusNotShown: 'Not shown',
  delete: 'Delete',
  deleteConfirm: 'Delete this memory? It disappears from the wall and every screen.',
  keep: 'Keep',
  deleted: 'Memory deleted',
  deleteFailed: 'Could not delete the memory',
  sentAt: 'Sent {{time}}',
};

export type MyMemoriesTexts = typeof en;

export const myMemoriesTexts = en;

declare module '../en' {
  interface LazyResources {
    myMemories: MyMemoriesTexts;
  }
}
