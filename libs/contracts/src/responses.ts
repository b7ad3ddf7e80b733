import type { GlobalSettings, MemoriesResponse, PublicEvent } from './api';
import type { SessionUser } from './auth';
import type { PageInfo } from './admin-lists';
import type { AdminCreditTransaction, AdminEvent, AdminServiceProvider } from './billing';
import type { EventCustomer, EventStats, HostEvent } from './events';
import type { KeepsakeView } from './keepsakes';
import type { HostMemory, MyMemory } from './memories';
import type { ScreenControls } from './screens';

/*
 * The bodies the API answers with that the other modules do not define already. The OpenAPI document's
 * response schemas are generated from these (backend/src/openapi), and the integration tests check every
 * answer against them.
 */

/** An action that has nothing else to tell. */
export interface SuccessResponse {
  success: true;
}

/** GET /api/health/live */
export interface LivenessResponse {
  status: 'ok';
}

/** One check of the readiness report (the database, Redis, this instance), with what it found. */
export interface HealthIndicatorState {
  status: 'up' | 'down';
  [detail: string]: unknown;
}

/** GET /api/health/ready: each check by name; `error` lists those that are down. */
export interface ReadinessResponse {
  status: 'ok' | 'error' | 'shutting_down';
  info?: Record<string, HealthIndicatorState>;
  error?: Record<string, HealthIndicatorState>;
  details: Record<string, HealthIndicatorState>;
}

/** GET /api/health/ready while not ready (503): the same report, with the status code and its text. */
export interface NotReadyResponse extends ReadinessResponse {
  statusCode: number;
  message: string;
}

/** POST /api/auth/password-reset/request: the same answer whether or not the account exists. */
export interface PasswordResetRequestedResponse {
  success: true;
  message: string;
}

/** GET /api/settings */
export interface SettingsResponse {
  settings: GlobalSettings;
}

/** PATCH /api/users/{id}/profile */
export interface ProfileResponse {
  success: true;
  user: SessionUser;
}

/** GET /api/events/public/{id}, GET /api/events/by-slug/{eventSlug} */
export interface PublicEventResponse {
  event: PublicEvent;
}

/** GET /api/events/by-code/{eventCode} */
export interface EventByCodeResponse {
  success: true;
  event: PublicEvent;
}

/** GET /api/events/{id} */
export interface HostEventResponse {
  event: HostEvent;
}

/** PATCH /api/events/{id} */
export interface UpdatedEventResponse {
  success: true;
  event: HostEvent;
}

/** PATCH /api/events/{id}/screens */
export interface ScreenControlsResponse {
  success: true;
  screens: ScreenControls;
}

/** GET /api/events/{eventId}/stats */
export interface EventStatsResponse {
  success: true;
  stats: EventStats;
}

/** PATCH /api/events/{id}/customer/{userId} */
export interface EventCustomerResponse {
  success: true;
  customer: EventCustomer;
}

/** GET and POST /api/events/{id}/keepsakes */
export interface KeepsakesResponse {
  keepsakes: KeepsakeView[];
  /**
   * From when a completed event's photos, clips and voice messages may be deleted under its retention
   * (mediaDeletionDate); null while the event is not completed, and once they are gone (expired).
   */
  mediaDeletesAt: string | null;
}

/** GET /api/events */
export interface HostEventsResponse {
  success: true;
  events: HostEvent[];
}

/** A customer login just made: the PIN is shown this once. */
export interface CustomerCreated {
  customer: EventCustomer;
  /** The PIN to hand to the customer (generated when none was given). */
  password: string;
}

/** POST /api/events/{id}/customer */
export interface AddCustomerResponse extends CustomerCreated {
  success: true;
}

/** POST /api/events: with customer access given, the customer and its PIN too (the event is then published). */
export interface CreateEventResponse extends Partial<CustomerCreated> {
  success: true;
  event: HostEvent;
}

/** GET /api/events/{id}/customer */
export interface EventCustomersResponse {
  success: true;
  customers: EventCustomer[];
}

/** POST /api/upload/featured-image/{id} */
export interface FeaturedImageResponse {
  success: true;
  /** The stored image's address, to be set as the event's wallImage. */
  imageUrl: string;
}

/** GET /api/events/{eventId}/submissions/pending, and GET /api/events/{eventId}/memories for its hosts. */
export interface HostMemoriesResponse {
  success: true;
  memories: HostMemory[];
}

/** GET /api/events/{eventId}/memories: the public wall, or every memory for the event's hosts. */
export type EventMemoriesResponse = MemoriesResponse | HostMemoriesResponse;

/** POST /api/events/{eventId}/my-memories: each submission id asked for, in the order asked. */
export interface MyMemoriesResponse {
  success: true;
  memories: MyMemory[];
}

/** POST /api/events/{eventId}/memories/{memoryId}/hearts: the memory's count, and whether this heart was new. */
export interface HeartResponse {
  success: true;
  memoryId: string;
  hearts: number;
  /** false: this device had hearted the memory before (nothing was counted). */
  counted: boolean;
}

/** A moderation action's result. */
export interface HostMemoryResponse {
  success: true;
  memory: HostMemory;
}

/** GET /api/admin/service-providers: one page of them. */
export interface ServiceProvidersResponse extends PageInfo {
  serviceProviders: AdminServiceProvider[];
}

/** PATCH /api/admin/service-providers/{id}/verification */
export interface ProviderVerificationResponse {
  success: true;
  serviceProvider: AdminServiceProvider;
}

/** PATCH /api/admin/service-providers/{id}/retention */
export interface ProviderRetentionResponse {
  success: true;
  serviceProvider: AdminServiceProvider;
}

/** GET /api/admin/events: one page of every provider's events. */
export interface AdminEventsResponse extends PageInfo {
  events: AdminEvent[];
}

/** GET /api/admin/service-providers/{id} */
export interface ServiceProviderResponse {
  serviceProvider: AdminServiceProvider;
}

/** GET /api/admin/service-providers/{id}/events */
export interface ServiceProviderEventsResponse {
  events: HostEvent[];
}

/** GET /api/admin/credit-transactions */
export interface AdminTransactionsResponse extends PageInfo {
  transactions: AdminCreditTransaction[];
}

/** POST /api/stripe/webhook */
export interface WebhookReceivedResponse {
  received: true;
}
