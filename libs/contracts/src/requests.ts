import type { AdminEventSortField, AdminListRequest, ProviderSortField, TransactionSortField } from './admin-lists';
import type { SelfRegisterRole, UserProfile } from './auth';
import type { CustomerPermissions } from './events';
import type {
  AnimationStyle,
  BooleanText,
  DisplayOrder,
  EventStatus,
  EventType,
  Language,
  ModerationType,
} from './enums';

/** Why the API refused a request before looking at what it asks for (sent as the 4xx message). */
export const RequestMessages = {
  invalidJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large',
  tooManyFields: 'The request body has too many fields',
  nestedTooDeeply: 'The request body is nested too deeply',
  nulCharacter: 'The request may not contain the NUL character',
  invalidRequest: 'Invalid request',
} as const;

/*
 * Request bodies, one definition for both sides: the API's DTO classes implement these, and the front end's
 * API layer sends them, so a field renamed on one side fails the build of the other.
 */

/** POST /api/auth/login */
export interface LoginRequest {
  emailOrUsername: string;
  password: string;
  /** The page's language: kept as the user's, so their mail is written in it. */
  language?: Language;
}

/** POST /api/auth/register. The password rule depends on the role (passwordProblem). */
export interface RegisterRequest {
  username: string;
  email: string;
  password: string;
  passwordConfirm: string;
  /** guest when omitted. */
  role?: SelfRegisterRole;
  profileData?: UserProfile;
  /** The page's language: kept as the user's, so their mail is written in it. */
  language?: Language;
}

/** PUT /api/users/me/language: the language a signed-in user chose in the top bar (their mail's too). */
export interface LanguageRequest {
  language: Language;
}

/** POST /api/auth/change-password */
export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** PATCH /api/users/{id}/profile: not the username, role or credits. */
export interface UpdateProfileRequest {
  email?: string;
  profileData?: UserProfile;
}

/** PATCH /api/users/{customerId}/reset-password: a customer's new 6-digit PIN. */
export interface ResetCustomerPasswordRequest {
  password: string;
}

/** POST /api/admin/service-providers/{id}/reset-password */
export interface ResetProviderPasswordRequest {
  newPassword: string;
}

/** The event details of the event form (spec §2). */
export interface EventDetailsRequest {
  name?: string;
  eventType?: EventType;
  /** ISO date (yyyy-MM-dd); null or '' clears it. */
  eventDate?: string | null;
  eventEndDate?: string | null;
  defaultLanguage?: Language;
  /** 4 to 10 letters or digits; null clears it. */
  eventCode?: string | null;
}

/** Wall settings (spec §2), which a customer may change with canEditTheme. */
export interface WallSettingsRequest extends EventDetailsRequest {
  wallTitle?: string | null;
  /** An image uploaded for this event (POST /api/upload/featured-image/{id}'s imageUrl), or null. */
  wallImage?: string | null;
  moderationType?: ModerationType;
  /** 2, 3 or 4 (normalizeImagesDisplay). */
  numberOfImagesDisplay?: number;
  /** Seconds per rotation. */
  transitionTime?: number;
  colorTheme?: string;
  enableMusic?: boolean;
  /** Whether guests may post video clips. */
  allowVideo?: boolean;
  /** Longest clip, in seconds (VIDEO_MIN_SECONDS to VIDEO_MAX_SECONDS). */
  maxVideoSeconds?: number;
  /** Whether guests may leave voice messages. */
  allowVoice?: boolean;
  /** Whether the screens play voice messages aloud. */
  voiceOnScreens?: boolean;
  animationStyle?: AnimationStyle;
  displayOrder?: DisplayOrder;
}

/** PATCH /api/events/{id}: form fields, wall settings, or a status to publish (live) or complete. */
export interface UpdateEventRequest extends WallSettingsRequest {
  status?: Extract<EventStatus, 'live' | 'completed'>;
}

/** POST /api/events/{id}/customer (spec §5 Customer access). Without a password a PIN is generated. */
export interface CustomerAccessRequest {
  customerName: string;
  customerEmail: string;
  customerUsername: string;
  customerPassword?: string;
}

/** POST /api/events: name and type required; with the customer's login the event is published at once. */
export interface CreateEventRequest
  extends Omit<WallSettingsRequest, 'name' | 'eventType' | 'moderationType'>, Partial<CustomerAccessRequest> {
  name: string;
  eventType: EventType;
  moderationType?: ModerationType;
  /** Owner only: the provider the event belongs to. */
  serviceProviderId?: string;
}

/** PATCH /api/events/{id}/customer/{userId}: the permissions left out stay as they are. */
export type CustomerPermissionsRequest = Partial<CustomerPermissions>;

/** PATCH /api/memories/{id}: moderation flags only (spec §7). */
export interface UpdateMemoryRequest {
  approved?: boolean;
  flagged?: boolean;
}

/** POST /api/events/{eventId}/memories/{memoryId}/hearts: the guest's device, so it hearts a memory once. */
export interface HeartRequest {
  deviceId: string;
}

/** POST /api/events/{eventId}/submissions/message */
export interface MessageSubmissionRequest {
  name: string;
  message: string;
  title?: string;
}

/** The text fields that come with a photo (multipart) or a drawing. */
export interface ImageSubmissionFields {
  name: string;
  photoCaption?: string;
  title?: string;
}

/** The multipart fields of POST /api/events/{eventId}/submissions/photo beside the file `photo`. */
export interface PhotoSubmissionFields extends ImageSubmissionFields {
  /** 'true' marks a host's bulk upload (5 MB per file instead of 10). */
  bulk?: BooleanText;
}

/** POST /api/events/{eventId}/submissions/drawing: a PNG as a data URL. */
export interface DrawingSubmissionRequest extends ImageSubmissionFields {
  content: string;
}

/** The query of GET /api/admin/credit-transactions (search: provider, account, description, type). */
export interface ListTransactionsRequest extends AdminListRequest<TransactionSortField> {
  serviceProviderId?: string;
}

/** The query of GET /api/admin/service-providers (search: company, username, email). */
export interface ListProvidersRequest extends AdminListRequest<ProviderSortField> {
  sort?: ProviderSortField;
}

/** The query of GET /api/admin/events (search: event name, code, provider). */
export interface ListAdminEventsRequest extends AdminListRequest<AdminEventSortField> {
  sort?: AdminEventSortField;
}

/** PATCH /api/admin/service-providers/{id}/verification */
export interface ProviderVerificationRequest {
  verified: boolean;
}

/**
 * PATCH /api/admin/service-providers/{id}/retention: the days the provider's events keep their media after
 * completion, a whole number from MIN_RETENTION_DAYS to MAX_RETENTION_DAYS; null: the platform's default again.
 */
export interface ProviderRetentionRequest {
  retentionDays: number | null;
}

/** POST /api/events/{eventId}/my-memories: the submission ids a device sent (at most MY_MEMORIES_MAX). */
export interface MyMemoriesRequest {
  submissionIds: string[];
}
