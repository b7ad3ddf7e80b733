import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '@memory-wall/contracts';
import { useSessionUser } from '../api/auth';
import { Spinner } from '../components/ui/Spinner';

// Only a signed-in user on the wrong page ever sees it: not part of the first download.
const AccessDeniedPage = lazy(() =>
  import('../features/access-denied/AccessDeniedPage').then((m) => ({ default: m.AccessDeniedPage })),
);

/** Who may open a page (spec §2 route table). */
export type Access = 'public' | 'signed-in' | readonly Role[];

/** Router state a guard leaves for the sign-in page: where the visitor wanted to go. */
export interface SignInState {
  from?: string;
  tab?: 'login' | 'register';
}

export function mayOpen(access: Access, role: Role | undefined): boolean {
  if (access === 'public') return true;
  if (!role) return false;
  return access === 'signed-in' || access.includes(role);
}

/**
 * Client-side access check (UX only; the server authorises every call): a spinner while `me` loads,
 * signed-out visitors to /auth (remembering the address), the wrong role to Access Denied.
 */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const { user, isLoading } = useSessionUser();
  const location = useLocation();

  if (access === 'public') return children;
  if (isLoading) return <Spinner />;
  if (!user) {
    const state: SignInState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/auth" replace state={state} />;
  }
  if (!mayOpen(access, user.role)) return <AccessDeniedPage />;
  return children;
}

/** /auth: the old address of the sign-in page, keeping the router state. */
export function AuthRedirect() {
  const { search, state } = useLocation();
  return <Navigate to={{ pathname: '/signin', search }} replace state={state} />;
}
