import type {
  EventStatus,
  EventType,
  ModerationType,
  AnimationStyle,
  DisplayOrder,
  Language,
  WallTheme,
} from './enums';
import type { PublicMemory } from './memories';
import type { ScreenControls } from './screens';

/** Shapes of API responses shared by server and client. */

export interface PublicEvent {
  id: string;
  name: string;
  slug: string;
  eventCode: string | null;
  status: EventStatus;
  eventType: EventType;
  moderationType: ModerationType;
  wallTitle: string | null;
  wallImage: string | null;
  eventDate: string | null;
  defaultLanguage: Language;
  numberOfImagesDisplay: number;
  transitionTime: number;
  animationStyle: AnimationStyle;
  displayOrder: DisplayOrder;
  colorTheme: string;
  enableMusic: boolean;
  /** The host's controls over the event's screens (hold, reveal mode, delay, named screens' layouts). */
  screens: ScreenControls;
  /** Whether guests may post video clips, and how long each may be (seconds, at most VIDEO_MAX_SECONDS). */
  allowVideo: boolean;
  maxVideoSeconds: number;
  /** Whether guests may leave voice messages (at most VOICE_MAX_SECONDS each). */
  allowVoice: boolean;
  /** Whether the event's screens play voice messages aloud (off: they show the waveform and the transcript). */
  voiceOnScreens: boolean;
}

export interface MemoriesResponse {
  success: true;
  memories: PublicMemory[];
}

export interface SubmissionResponse {
  success: true;
  memory: { id: string; eventId: string; approved: boolean };
}

export interface GlobalSettings {
  theme: WallTheme;
  displayOrder: DisplayOrder;
  itemsVisible: string;
  autoRefresh: string;
}

/**
 * What moderation this server can do, for the hosts' forms and pages: without an AI key, an event set to AI
 * moderation holds every memory for a human, and its hosts are told so.
 */
export interface ModerationCapabilities {
  aiModeration: boolean;
}

/** Error body of every 4xx: a message, and per-field messages when validation failed. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  fields?: Record<string, string>;
}

/** Texts of the spec's catalogue (§5, §7) that the server sends too. */
export const Messages = {
  eventNotFound: 'Event not found',
  nameRequired: 'Name is required',
  messageRequired: 'Message is required',
  eventNotAccepting: 'This event is not accepting memories right now',
} as const;
