/**
 * Where the API and the live socket live. In the browser both are on the page's own origin
 * (Vite proxies them in development); tests point them at a local server with setApiOrigin.
 */
let apiOrigin: string | null = null;

export function setApiOrigin(origin: string | null): void {
  apiOrigin = origin;
}

export function apiBaseUrl(): string {
  return apiOrigin ? `${apiOrigin}/api` : '/api';
}

export function liveSocketUrl(eventId: string): string {
  const { protocol, host } = apiOrigin ? new URL(apiOrigin) : window.location;
  const scheme = protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${host}/ws?eventId=${encodeURIComponent(eventId)}`;
}
