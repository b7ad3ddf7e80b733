/** Texts of the landing page, added when its chunk loads (see ../lazy.ts). */
const en = {
  title: 'Share Memories That Last Forever',
  subtitle:
    'A live memory wall for weddings, memorials and every gathering in between. Guests share messages, photos and drawings from their phones; hosts moderate them and show them live.',
  enterCode: 'Enter Event Code',
  register: 'Register',
  dashboard: 'Dashboard',
  featuresTitle: 'Features',
  features: {
    noApp: { title: 'No app needed', text: 'Guests scan a QR code or type a 6-character event code and start sharing.' },
    media: { title: 'Messages, photos and drawings', text: 'Every guest can leave a note, a photo or a drawing in seconds.' },
    moderation: {
      title: 'Moderation your way',
      text: 'Approve automatically, let AI screen submissions, or review each one yourself.',
    },
    live: { title: 'Live on every screen', text: 'Approved memories appear on the wall and in a full-screen presentation as they arrive.' },
  },
  eventTypesTitle: 'For Every Occasion',
  eventTypes: {
    wedding: { title: 'Weddings', text: 'Collect wishes and photos from every guest for the couple to keep.' },
    memorial: { title: 'Memorials', text: 'Gather stories and tributes that celebrate a life, gently moderated.' },
    general: { title: 'General Events', text: 'Birthdays, reunions, corporate events: any gathering worth remembering.' },
  },
  howTitle: 'How It Works',
  steps: {
    create: { title: 'Create your event', text: 'Your service provider sets up the event and its memory wall.' },
    invite: { title: 'Invite your guests', text: 'Share the QR code or the event code at the venue or online.' },
    share: { title: 'Share memories', text: 'Guests leave messages, photos and drawings from their phones.' },
    show: { title: 'Show them live', text: 'Approved memories appear on the wall and on the venue screens.' },
  },
  pricingTitle: 'Simple Pricing',
  pricingIntro: 'One credit creates one event. New service providers receive 10 free credits. Credits never expire.',
  perCredit: '{{price}} per credit',
  total: '{{price}} total',
  credits: '{{count}} credits',
  mostPopular: 'Most Popular',
  savings: 'Save {{percent}}%',
  getStarted: 'Get Started',
};

export type LandingTexts = typeof en;

const zh: LandingTexts = {
  title: '分享永恒的回忆',
  subtitle: '为婚礼、追思会及各类聚会打造的实时回忆墙。来宾用手机分享留言、照片和绘画；主办方审核后实时展示。',
  enterCode: '输入活动代码',
  register: '注册',
  dashboard: '控制台',
  featuresTitle: '功能',
  features: {
    noApp: { title: '无需安装应用', text: '来宾扫描二维码或输入 6 位活动代码即可开始分享。' },
    media: { title: '留言、照片和绘画', text: '每位来宾都能在几秒内留下留言、照片或绘画。' },
    moderation: { title: '灵活的审核方式', text: '自动通过、AI 审核，或由您逐条审核。' },
    live: { title: '多屏实时展示', text: '通过审核的回忆会实时出现在回忆墙和全屏演示中。' },
  },
  eventTypesTitle: '适用于各种场合',
  eventTypes: {
    wedding: { title: '婚礼', text: '收集每位来宾的祝福与照片，留给新人珍藏。' },
    memorial: { title: '追思会', text: '汇聚缅怀生命的故事与悼念，审核温和周到。' },
    general: { title: '一般活动', text: '生日、聚会、企业活动：每一次值得纪念的相聚。' },
  },
  howTitle: '使用流程',
  steps: {
    create: { title: '创建活动', text: '服务商为您设置活动及其回忆墙。' },
    invite: { title: '邀请来宾', text: '在现场或线上分享二维码或活动代码。' },
    share: { title: '分享回忆', text: '来宾用手机留下留言、照片和绘画。' },
    show: { title: '实时展示', text: '通过审核的回忆会出现在回忆墙和现场屏幕上。' },
  },
  pricingTitle: '简单的价格',
  pricingIntro: '一个点数创建一个活动。新服务商可获得 10 个免费点数。点数永不过期。',
  perCredit: '每点 {{price}}',
  total: '共 {{price}}',
  credits: '{{count}} 个点数',
  mostPopular: '最受欢迎',
  savings: '节省 {{percent}}%',
  getStarted: '立即开始',
};

export const landingTexts = { en, zh };
