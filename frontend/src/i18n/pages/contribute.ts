import { MemoryMessages } from '@memory-wall/contracts';

/**
 * Texts of the contribute page beyond the message form (whose texts are core: `contribute`), and of
 * the thank-you page's redirect. Added when their chunk loads (see ../lazy.ts).
 */
const en = {
  guestIntro: 'Share a message, a photo or a drawing for {{event}}.',
  hostTitle: 'Add Individual Memory',
  hostIntro: 'Add a memory to {{event}} yourself: it goes straight onto the wall.',
  kinds: 'Kind of memory',
  tabMessage: 'Message',
  tabPhoto: 'Photo',
  tabDrawing: 'Drawing',
  // Photo
  photoLabel: 'Photo',
  photoHint: 'JPG, PNG, GIF, WEBP or HEIC - up to 10MB',
  captionLabel: 'Caption',
  captionPlaceholder: 'Optional',
  choosePhoto: 'Choose a Photo',
  changePhoto: 'Choose Another',
  removePhoto: 'Remove Photo',
  editPhoto: 'Crop / Rotate',
  preview: 'Preview of your photo',
  photoRequired: MemoryMessages.photoRequired as string,
  invalidFileType: MemoryMessages.invalidFileType as string,
  fileTooLarge: MemoryMessages.fileTooLarge as string,
  noEvent: 'No event selected',
  photoError: 'Error submitting photo',
  preparing: 'Preparing photo...',
  uploading: 'Uploading photo... {{percent}}%',
  uploadRetrying: 'Connection lost. Trying again...',
  // Crop editor
  cropTitle: 'Crop and Rotate',
  cropHint: 'Drag the corners to crop. The crop is at least 200 × 200 pixels.',
  rotate: 'Rotate',
  applyCrop: 'Apply',
  cancelCrop: 'Cancel',
  noImage: 'No image selected',
  cropFailed: 'Could not crop the photo',
  // Drawing
  drawingLabel: 'Your drawing',
  drawingHint: 'Draw with your finger or mouse.',
  clearDrawing: 'Clear',
  drawingRequired: MemoryMessages.drawingRequired as string,
  drawingError: 'Error submitting drawing',
  // Host's list beside the form
  onTheWall: 'On the wall',
  noneYet: 'No memories yet',
};

export type ContributeTexts = typeof en;

const zh: ContributeTexts = {
  guestIntro: '为{{event}}分享一段留言、一张照片或一幅画。',
  hostTitle: '添加回忆',
  hostIntro: '亲自为{{event}}添加回忆：它会直接显示在回忆墙上。',
  kinds: '回忆类型',
  tabMessage: '留言',
  tabPhoto: '照片',
  tabDrawing: '绘画',
  photoLabel: '照片',
  photoHint: 'JPG、PNG、GIF、WEBP 或 HEIC，最大 10MB',
  captionLabel: '说明',
  captionPlaceholder: '选填',
  choosePhoto: '选择照片',
  changePhoto: '重新选择',
  removePhoto: '移除照片',
  editPhoto: '裁剪 / 旋转',
  preview: '照片预览',
  photoRequired: '请选择要上传的照片',
  invalidFileType: '文件类型无效',
  fileTooLarge: '文件过大',
  noEvent: '未选择活动',
  photoError: '提交照片时出错',
  preparing: '正在处理照片...',
  uploading: '正在上传照片... {{percent}}%',
  uploadRetrying: '连接中断，正在重试...',
  cropTitle: '裁剪和旋转',
  cropHint: '拖动边角进行裁剪。裁剪区域至少 200 × 200 像素。',
  rotate: '旋转',
  applyCrop: '应用',
  cancelCrop: '取消',
  noImage: '未选择图片',
  cropFailed: '无法裁剪照片',
  drawingLabel: '您的绘画',
  drawingHint: '用手指或鼠标绘画。',
  clearDrawing: '清除',
  drawingRequired: '请先绘画',
  drawingError: '提交绘画时出错',
  onTheWall: '墙上的回忆',
  noneYet: '还没有回忆',
};

export const contributeTexts = { en, zh };

/** The thank-you page's countdown to the wall. */
const thankYouEn = {
  approvedSoon: 'Your memory is on its way to the wall.',
  awaitingApproval: 'Your memory will appear on the wall once the hosts approve it.',
  redirecting: 'Opening the memory wall...',
};

export type ThankYouTexts = typeof thankYouEn;

const thankYouZh: ThankYouTexts = {
  approvedSoon: '您的回忆正在送往回忆墙。',
  awaitingApproval: '主办方审核通过后，您的回忆将显示在回忆墙上。',
  redirecting: '正在打开回忆墙...',
};

export const thankYouTexts = { en: thankYouEn, zh: thankYouZh };

declare module '../en' {
  interface LazyResources {
    contributePage: ContributeTexts;
    thankYouPage: ThankYouTexts;
  }
}
