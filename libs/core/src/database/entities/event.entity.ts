import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import {
  ANIMATION_STYLES,
  AnimationStyle,
  DISPLAY_ORDERS,
  DisplayOrder,
  EVENT_STATUSES,
  EVENT_TYPES,
  EventStatus,
  EventType,
  ScreenLayout,
  Language,
  MODERATION_TYPES,
  ModerationType,
  TEMPLATES,
  Template,
  THEME_TYPES,
  ThemeType,
} from '@memory-wall/contracts';
import { ServiceProvider } from './service-provider.entity';

@Entity('events')
@Index('events_provider_created', ['serviceProviderId', 'createdAt'])
@Index('events_status', ['status'])
@Index('events_created', ['createdAt'])
export class Event {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 220, unique: true })
  slug: string;

  /** Stored upper-case, so lookups by code are case-insensitive. */
  @Column({ type: 'varchar', length: 10, unique: true, nullable: true })
  eventCode: string | null;

  @Column({ type: 'uuid', nullable: true })
  serviceProviderId: string | null;

  @ManyToOne(() => ServiceProvider, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'serviceProviderId' })
  serviceProvider?: ServiceProvider;

  @Column({ type: 'enum', enum: EVENT_STATUSES, enumName: 'event_status', default: EventStatus.Draft })
  status: EventStatus;

  @Column({ type: 'enum', enum: EVENT_TYPES, enumName: 'event_type', default: EventType.General })
  eventType: EventType;

  @Column({ type: 'enum', enum: TEMPLATES, enumName: 'event_template', default: 'custom' })
  template: Template;

  @Column({ type: 'enum', enum: THEME_TYPES, enumName: 'event_theme_type', default: 'light' })
  themeType: ThemeType;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  eventImage: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  wallImage: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  wallTitle: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  eventDate: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  eventEndDate: Date | null;

  /** One of LANGUAGES, checked by the API (text, so that adding a language needs no migration). */
  @Column({ type: 'varchar', length: 8, default: 'en' })
  defaultLanguage: Language;

  @Column({ type: 'enum', enum: MODERATION_TYPES, enumName: 'moderation_type', default: 'auto_approve' })
  moderationType: ModerationType;

  @Column({ type: 'int', default: 3 })
  numberOfImagesDisplay: number;

  @Column({ type: 'int', default: 20 })
  transitionTime: number;

  @Column({ type: 'enum', enum: ANIMATION_STYLES, enumName: 'animation_style', default: 'horizontal' })
  animationStyle: AnimationStyle;

  @Column({ type: 'enum', enum: DISPLAY_ORDERS, enumName: 'display_order', default: 'newest' })
  displayOrder: DisplayOrder;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  backgroundImage: string | null;

  @Column({ type: 'varchar', length: 32, default: 'default' })
  colorTheme: string;

  @Column({ type: 'varchar', length: 64, default: 'inter' })
  fontFamily: string;

  @Column({ type: 'varchar', length: 32, nullable: true })
  accentColor: string | null;

  @Column({ type: 'boolean', default: true })
  enableMusic: boolean;

  /** Whether guests may post video clips (issue #26), each at most `maxVideoSeconds` long. */
  @Column({ type: 'boolean', default: false })
  allowVideo: boolean;

  @Column({ type: 'int', default: 60 })
  maxVideoSeconds: number;

  /** Whether guests may leave voice messages (issue #26). */
  @Column({ type: 'boolean', default: true })
  allowVoice: boolean;

  /** Whether the screens play voice messages aloud; off, they show the waveform and the transcript only. */
  @Column({ type: 'boolean', default: false })
  voiceOnScreens: boolean;

  @Column({ type: 'boolean', default: false })
  isPublished: boolean;

  @Column({ type: 'jsonb', nullable: true })
  customData: Record<string, unknown> | null;

  /** When the event's one credit was taken (at publish or when customer access was added). */
  @Column({ type: 'timestamptz', nullable: true })
  creditChargedAt: Date | null;

  /** Screens held since then (issue #27): what reached the wall by then stays, nothing new appears. */
  @Column({ type: 'timestamptz', nullable: true })
  screensHeldAt: Date | null;

  /** Reveal mode: screens show a "coming soon" card until the host reveals the wall. */
  @Column({ type: 'boolean', default: false })
  screensComingSoon: boolean;

  /** Seconds an approved memory waits before it reaches the screens. */
  @Column({ type: 'int', default: 0 })
  screenDelaySeconds: number;

  /** Named screens' layouts, by name. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  screenLayouts: Record<string, ScreenLayout>;

  /** The hosts' keyword list (issue #27): a guest's memory with one of these words is held for them. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  moderationKeywords: string[];

  /** When the event was completed: its media are kept for the retention period from then. */
  @Column({ type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  /** When its hosts were told that its media will be deleted (they are, at the earliest, a week later). */
  @Column({ type: 'timestamptz', nullable: true })
  retentionWarnedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
