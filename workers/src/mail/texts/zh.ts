import type { MailTexts } from './en';

/** The mails' texts in Chinese (中文). */
export const zh: MailTexts = {
  greeting: '{{name}}，您好：',
  signature: 'Memory Wall',
  passwordReset: {
    subject: '重置您的 Memory Wall 密码',
    intro: '有人（希望是您本人）请求重置账户 {{username}} 的密码。',
    action: '设置新密码',
    expiry: '该链接只能使用一次，30 分钟内有效。',
    ignore: '如果这不是您的请求，请忽略此邮件，您的密码不会改变。',
  },
  moderationDigest: {
    subject: '{{event}} 有 {{count}} 条回忆等待您审核',
    intro: '{{event}} 有 {{count}} 条回忆等待您审核。',
    action: '打开审核页面',
  },
  receipt: {
    subject: '您的收据：{{credits}} 点数',
    intro: '感谢您的购买，点数已存入您的账户。',
    pack: '套餐',
    credits: '点数',
    amount: '支付金额',
    reference: '参考编号',
    date: '日期',
  },
  keepsakeReady: {
    subject: '{{event}} 的纪念册已准备好',
    intro: '{{event}} 的纪念册已可以下载。',
    action: '下载纪念册',
    expiry: '活动主办方可在活动面板中下载。',
  },
  retentionWarning: {
    subject: '{{event}} 的照片和视频将于 {{date}} 删除',
    intro: '{{event}} 的照片、绘画和视频片段在活动结束后只保留一段时间，将于 {{date}} 从 Memory Wall 删除。',
    keepsake: '纪念册压缩包保存了全部原件：请在此之前从活动面板下载。留言会继续显示在纪念墙上。',
    action: '打开活动',
  },
};
