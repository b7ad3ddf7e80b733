/**
 * Where a guest contributes (spec §2 QR code page): /contribute?code={eventCode}, or /contribute/{eventId}
 * when the event has no code. Absolute, on this site's origin, as a QR code needs it.
 */
export function contributeUrl(
  event: { id: string; eventCode: string | null },
  origin = window.location.origin,
): string {
  return event.eventCode
    ? `${origin}/contribute?code=${encodeURIComponent(event.eventCode)}`
    : `${origin}/contribute/${encodeURIComponent(event.id)}`;
}

/** The download's file name: names the event code (or the id without one). */
export const qrFileName = (event: { id: string; eventCode: string | null }) =>
  `memory-wall-qr-${event.eventCode ?? event.id}.png`;
