/**
 * Every enumeration of the product (spec §3), defined once as a const object plus a union type,
 * so the same values serve TypeORM columns, DTO validation and the React front end.
 */
const values = <T extends Record<string, string>>(o: T) => Object.values(o) as T[keyof T][];

export const Role = {
  Owner: 'owner',
  ServiceProvider: 'service_provider',
  Customer: 'customer',
  Guest: 'guest',
} as const;
export type Role = (typeof Role)[keyof typeof Role];
export const ROLES = values(Role);

export const EventType = { Memorial: 'memorial', Wedding: 'wedding', General: 'general' } as const;
export type EventType = (typeof EventType)[keyof typeof EventType];
export const EVENT_TYPES = values(EventType);

export const EventStatus = {
  Draft: 'draft',
  Live: 'live',
  Completed: 'completed',
  Expired: 'expired',
} as const;
export type EventStatus = (typeof EventStatus)[keyof typeof EventStatus];
export const EVENT_STATUSES = values(EventStatus);
/**
 * Statuses whose wall is public (spec: published events are live or completed). An expired event's wall
 * stays public too: its retention deleted the photos' and clips' files, the memories' texts remain.
 */
export const PUBLISHED_STATUSES: readonly EventStatus[] = [
  EventStatus.Live,
  EventStatus.Completed,
  EventStatus.Expired,
];

export const ModerationType = {
  AutoApprove: 'auto_approve',
  AiModeration: 'ai_moderation',
  ManualModeration: 'manual_moderation',
} as const;
export type ModerationType = (typeof ModerationType)[keyof typeof ModerationType];
export const MODERATION_TYPES = values(ModerationType);

export const AnimationStyle = { Horizontal: 'horizontal', Vertical: 'vertical', Random: 'random' } as const;
export type AnimationStyle = (typeof AnimationStyle)[keyof typeof AnimationStyle];
export const ANIMATION_STYLES = values(AnimationStyle);

/** A yes/no in a query string or a form field: the words true and false. */
export const BooleanText = { True: 'true', False: 'false' } as const;
export type BooleanText = (typeof BooleanText)[keyof typeof BooleanText];
export const BOOLEAN_TEXTS = values(BooleanText);

export const DisplayOrder = { Newest: 'newest', Oldest: 'oldest', Random: 'random' } as const;
export type DisplayOrder = (typeof DisplayOrder)[keyof typeof DisplayOrder];
export const DISPLAY_ORDERS = values(DisplayOrder);

export const Template = {
  ClassicWedding: 'classic_wedding',
  ModernWedding: 'modern_wedding',
  ElegantFuneral: 'elegant_funeral',
  CelebrationOfLife: 'celebration_of_life',
  CorporateEvent: 'corporate_event',
  BirthdayParty: 'birthday_party',
  Custom: 'custom',
} as const;
export type Template = (typeof Template)[keyof typeof Template];
export const TEMPLATES = values(Template);

export const ThemeType = {
  Light: 'light',
  Dark: 'dark',
  Elegant: 'elegant',
  Vibrant: 'vibrant',
  Minimal: 'minimal',
  Classic: 'classic',
  Modern: 'modern',
} as const;
export type ThemeType = (typeof ThemeType)[keyof typeof ThemeType];
export const THEME_TYPES = values(ThemeType);

/**
 * The languages of the product's texts. Adding one: its code and name here, and its catalogue
 * (frontend/src/i18n/locales/<code>.ts). Stored as text, so the database needs no change.
 */
export const Language = { En: 'en', Zh: 'zh', Es: 'es', Fr: 'fr', De: 'de' } as const;
export type Language = (typeof Language)[keyof typeof Language];
export const LANGUAGES = values(Language);
/** Each language's name in itself, as a language switcher lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh: '中文',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};

export const MemoryType = {
  Message: 'message',
  Photo: 'photo',
  Drawing: 'drawing',
  Video: 'video',
  Voice: 'voice',
} as const;
export type MemoryType = (typeof MemoryType)[keyof typeof MemoryType];
export const MEMORY_TYPES = values(MemoryType);

/**
 * Where a memory is in the pipeline, apart from moderation (approved / flagged are the spec's booleans).
 * processing: stored, its job not done yet; ready: moderation decided; failed: media could not be processed.
 */
export const ProcessingState = { Processing: 'processing', Ready: 'ready', Failed: 'failed' } as const;
export type ProcessingState = (typeof ProcessingState)[keyof typeof ProcessingState];
export const PROCESSING_STATES = values(ProcessingState);

export const TransactionType = {
  Purchase: 'purchase',
  AdminAdjustment: 'admin_adjustment',
  EventCreation: 'event_creation',
  Promotion: 'promotion',
  Refund: 'refund',
} as const;
export type TransactionType = (typeof TransactionType)[keyof typeof TransactionType];
export const TRANSACTION_TYPES = values(TransactionType);

/** Wall themes: the two of the UI plus the names wall settings may carry (spec §3). */
export const WallTheme = {
  Wedding: 'wedding',
  Funeral: 'funeral',
  Corporate: 'corporate',
  Birthday: 'birthday',
  Memorial: 'memorial',
} as const;
export type WallTheme = (typeof WallTheme)[keyof typeof WallTheme];
export const WALL_THEMES = values(WallTheme);
