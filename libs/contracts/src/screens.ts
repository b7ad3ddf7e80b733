/**
 * The host's controls over an event's screens (issue #27): hold, reveal mode, a delay before an approved
 * memory reaches them, and named screens with layouts of their own. Stored on the event; the public wall
 * read and the public feed both obey them (the server enforces them: a screen cannot opt out).
 *
 * They apply to the event's public wall as a whole, on venue screens and guests' phones alike: both read
 * the same anonymous wall, so the server cannot tell a venue screen from a phone, and a hold or a delay
 * that a phone could bypass would leak what the host held back. Hosts' own views are never held.
 */

/** Longest delay a host may set (10 minutes): longer would look like a broken wall to guests. */
export const MAX_SCREEN_DELAY_SECONDS = 600;
/** Named screens per event, and the longest name (letters, digits, dashes: it goes in a URL). */
export const MAX_NAMED_SCREENS = 20;
export const SCREEN_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,39}$/;
/** Columns a named screen may be given (null: the wall decides from its width). */
export const SCREEN_COLUMNS = [1, 2, 3, 4, 5] as const;
/** Seconds between rotations (the presentation's speed). */
export const SCREEN_SPEEDS = [5, 10, 20, 30, 60] as const;

/** One named screen's layout, set by a host and applied by the screen opened with its name. */
export interface ScreenLayout {
  columns: number | null;
  /** Seconds per rotation on the presentation; null: the event's transition time. */
  speed: number | null;
  featuredOnly: boolean;
  photosOnly: boolean;
}

export interface ScreenControls {
  /** Since when the screens are held (ISO time), or null: what reached the wall by then stays, nothing new. */
  heldSince: string | null;
  /** Reveal mode: the screens show a "coming soon" card with the QR code until the host reveals the wall. */
  comingSoon: boolean;
  /** Seconds an approved memory waits before it reaches the screens (and may be pulled back meanwhile). */
  delaySeconds: number;
  /** Named screens' layouts, by name. */
  layouts: Record<string, ScreenLayout>;
}

/** A host's change to the controls: each field given replaces the stored one. */
export interface ScreenControlsChange {
  held?: boolean;
  comingSoon?: boolean;
  delaySeconds?: number;
  layouts?: Record<string, ScreenLayout>;
}

export const DEFAULT_SCREEN_LAYOUT: ScreenLayout = {
  columns: null,
  speed: null,
  featuredOnly: false,
  photosOnly: false,
};

export const ScreenMessages = {
  delayInvalid: `The delay must be a whole number of seconds from 0 to ${MAX_SCREEN_DELAY_SECONDS}`,
  screenNameInvalid: 'A screen name may hold letters, digits and dashes (at most 40)',
  tooManyScreens: `At most ${MAX_NAMED_SCREENS} named screens per event`,
  layoutInvalid: `A layout has columns (${SCREEN_COLUMNS.join(', ')} or none), speed (${SCREEN_SPEEDS.join(', ')} or none), featuredOnly and photosOnly`,
  notInDelay: 'This memory has already reached the screens',
} as const;

/**
 * Whether a memory that is on the public wall by its state is shown on the screens now: it reached them
 * (`publicAt`, its approval plus the delay, has passed), before any hold began, and the wall is revealed.
 */
export function isShownOnScreens(
  publicAt: string | Date | null,
  controls: { heldSince: string | Date | null; comingSoon: boolean },
  now: number = Date.now(),
): boolean {
  if (controls.comingSoon) return false;
  const at = publicAt === null ? 0 : new Date(publicAt).getTime();
  if (at > now) return false;
  return controls.heldSince === null || at <= new Date(controls.heldSince).getTime();
}

/** A memory still in its delay: approved, not yet on the screens, and a host may pull it back. */
export const isInScreenDelay = (publicAt: string | Date | null, now: number = Date.now()): boolean =>
  publicAt !== null && new Date(publicAt).getTime() > now;

/** Whether a memory fits a named screen's layout (featured only, photos only). */
export function fitsLayout(memory: { featured: boolean; type: string }, layout: ScreenLayout | undefined): boolean {
  if (!layout) return true;
  return (!layout.featuredOnly || memory.featured) && (!layout.photosOnly || memory.type === 'photo');
}
