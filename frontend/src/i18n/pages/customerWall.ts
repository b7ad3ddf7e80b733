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
  flagConfirm: 'Are you sure you want to flag this memory as inappropriate? It will be removed from the presentation immediately.',
};

export type CustomerWallTexts = typeof en;

const zh: CustomerWallTexts = {
  title: '回忆墙',
  back: '返回',
  fullScreen: '全屏',
  wallSettings: '回忆墙设置',
  hint: '点击爱心可精选回忆：精选的回忆会优先展示。点击旗帜可从回忆墙移除不当内容。',
  empty: '还没有回忆。宾客提交并通过审核后，回忆将显示在这里。',
  errorTitle: '出错了',
  errorText: '无法加载回忆墙',
  featuredToast: '已精选回忆！',
  unfeaturedToast: '已取消精选',
  flaggedToast: '回忆已标记',
  actionFailed: '出错了',
  flagConfirm: '确定要将此回忆标记为不当内容吗？它将立即从演示中移除。',
};

export const customerWallTexts = { en, zh };

declare module '../en' {
  interface LazyResources {
    customerWall: CustomerWallTexts;
  }
}
