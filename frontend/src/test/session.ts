import { screen } from '@testing-library/react';
import { Role, type SessionUser } from '@memory-wall/contracts';
import { startTestServer, type RecordedRequest, type Reply, type TestServer } from './testServer';

let counter = 0;

/** A signed-in user as GET /api/auth/me returns it; providers come with their credits. */
export function makeUser(role: Role, overrides: Partial<SessionUser> = {}): SessionUser {
  const n = ++counter;
  return {
    id: `user-${n}`,
    email: `${role}${n}@example.com`,
    username: `${role}${n}`,
    role,
    profileData: {},
    createdAt: '2025-01-15T10:00:00.000Z',
    lastLoginAt: null,
    ...(role === Role.ServiceProvider
      ? {
          serviceProvider: {
            id: `sp-${n}`,
            companyName: 'Evergreen Events',
            serviceTypes: ['wedding'],
            availableCredits: 7,
            totalCreditsUsed: 3,
            totalCreditsPurchased: 0,
          },
        }
      : {}),
    ...overrides,
  };
}

export const unauthorized = (message = 'Please sign in'): Reply => ({
  status: 401,
  body: { statusCode: 401, error: 'Unauthorized', message },
});

/** The server's side of a session: GET /api/auth/me answers from `session.user` (null: 401). */
export function answerMe(session: { user: SessionUser | null }, { method, url }: RecordedRequest): Reply {
  if (method !== 'GET' || url !== '/api/auth/me') return undefined;
  return session.user ? { status: 200, body: { user: session.user } } : unauthorized();
}

/** A test server that answers only GET /api/auth/me, from `user`. */
export interface SessionServer {
  user: SessionUser | null;
  server: TestServer;
}

/** A SessionServer for each test of the file: started signed out before it, closed after it (not a React hook). */
export function sessionServerForEachTest(): SessionServer {
  const session = { user: null } as SessionServer;
  beforeEach(async () => {
    session.user = null;
    session.server = await startTestServer((req) => answerMe(session, req));
  });
  afterEach(() => session.server.close());
  return session;
}

/** The toast (sonner's list item) whose title is `title`. */
export async function findToast(title: string, waiting?: { timeout: number }): Promise<HTMLElement> {
  const toast = (await screen.findByText(title, undefined, waiting)).closest('li');
  if (!toast) throw new Error(`"${title}" is not in a toast`);
  return toast;
}
