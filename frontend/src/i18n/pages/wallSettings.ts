/** Texts of /wall-settings/{id}, added when its chunk loads (see ../lazy.ts). The heading is pages.wallSettings. */
const en = {
  backToWall: 'Back to Wall',
  intro: 'Choose how the wall of {{name}} looks and behaves.',
  wallTitle: 'Wall Title',
  wallTitleHint: 'Optional. Shown above the memories.',
  featuredImage: 'Featured Image',
  featuredImageHint: 'PNG, JPG, GIF up to 5MB',
  chooseImage: 'Upload Featured Image',
  uploading: 'Uploading...',
  removeImage: 'Remove Image',
  imagePreview: 'Featured image preview',
  moderationType: 'Moderation',
  moderation: {
    auto_approve: 'Auto Approve',
    ai_moderation: 'AI Moderation',
    manual_moderation: 'Manual Moderation',
  },
  moderationHint: {
    auto_approve: 'Every memory appears on the wall at once.',
    ai_moderation: 'Memories are checked automatically; doubtful ones wait for you.',
    manual_moderation: 'You approve every memory before it appears.',
  },
  numberOfImagesDisplay: 'Memories shown at once',
  transitionTime: 'Transition Time',
  seconds: '{{count}} seconds',
  enableMusic: 'Background Music',
  enableMusicHint: 'Play soft piano music on the full-screen wall.',
  colorTheme: 'Background Colour',
  colors: {
    'Light Blue': 'Light Blue',
    Cream: 'Cream',
    'Light Orange': 'Light Orange',
    'Light Gray': 'Light Gray',
    Taupe: 'Taupe',
  },
  animationStyle: 'Animation Style',
  animation: {
    horizontal: '3 columns horizontal',
    vertical: '3 columns vertical',
    random: 'Random',
  },
  displayOrder: 'Display Order',
  order: {
    newest: 'Newest first',
    oldest: 'Oldest first',
    random: 'Random',
  },
  save: 'Save Settings',
  saving: 'Saving...',
  cancel: 'Cancel',
  saved: 'Wall settings updated',
  error: 'Error',
  saveFailed: 'Failed to update settings',
  uploaded: 'Image uploaded',
  uploadedText: 'Featured image has been uploaded successfully',
  uploadFailed: 'Upload failed',
  uploadFailedText: 'Failed to upload image',
  imageOnly: 'Only image files are allowed',
  loadFailed: 'Failed to load event details. Please try again later.',
  notFound: "The event you're looking for doesn't exist or you don't have permission to view it.",
};

export type WallSettingsTexts = typeof en;

const zh: WallSettingsTexts = {
  backToWall: '返回回忆墙',
  intro: '设置{{name}}回忆墙的外观和行为。',
  wallTitle: '回忆墙标题',
  wallTitleHint: '可选。显示在回忆上方。',
  featuredImage: '特色图片',
  featuredImageHint: 'PNG、JPG、GIF，最大 5MB',
  chooseImage: '上传特色图片',
  uploading: '上传中...',
  removeImage: '移除图片',
  imagePreview: '特色图片预览',
  moderationType: '内容审核',
  moderation: {
    auto_approve: '自动通过',
    ai_moderation: 'AI 审核',
    manual_moderation: '人工审核',
  },
  moderationHint: {
    auto_approve: '所有回忆立即显示在墙上。',
    ai_moderation: '回忆会被自动检查，有疑问的将等待您审核。',
    manual_moderation: '每条回忆都需要您批准后才会显示。',
  },
  numberOfImagesDisplay: '同时显示的回忆数',
  transitionTime: '切换间隔',
  seconds: '{{count}} 秒',
  enableMusic: '背景音乐',
  enableMusicHint: '在全屏回忆墙上播放轻柔的钢琴音乐。',
  colorTheme: '背景颜色',
  colors: {
    'Light Blue': '浅蓝',
    Cream: '奶油色',
    'Light Orange': '浅橙',
    'Light Gray': '浅灰',
    Taupe: '灰褐色',
  },
  animationStyle: '动画样式',
  animation: {
    horizontal: '三列横向',
    vertical: '三列纵向',
    random: '随机',
  },
  displayOrder: '显示顺序',
  order: {
    newest: '最新优先',
    oldest: '最早优先',
    random: '随机',
  },
  save: '保存设置',
  saving: '保存中...',
  cancel: '取消',
  saved: '回忆墙设置已更新',
  error: '错误',
  saveFailed: '更新设置失败',
  uploaded: '图片已上传',
  uploadedText: '特色图片上传成功',
  uploadFailed: '上传失败',
  uploadFailedText: '图片上传失败',
  imageOnly: '只允许上传图片文件',
  loadFailed: '加载活动详情失败，请稍后再试。',
  notFound: '您要查找的活动不存在，或您没有查看权限。',
};

export const wallSettingsTexts = { en, zh };

declare module '../en' {
  interface LazyResources {
    wallSettings: WallSettingsTexts;
  }
}
