import { lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { Role } from '@memory-wall/contracts';
import { BareLayout, ShellLayout } from '../components/layout/layouts';
import { Placeholder } from '../components/ui/Placeholder';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { AuthRedirect, RequireAccess, type Access } from './RequireAccess';

// Pages load on demand so a guest on /contribute or a venue screen downloads only its own page.
const ContributePage = lazy(() =>
  import('../features/contribute/ContributePage').then((m) => ({ default: m.ContributePage })),
);
const ThankYouPage = lazy(() => import('../features/thank-you/ThankYouPage').then((m) => ({ default: m.ThankYouPage })));
const DisplayPage = lazy(() => import('../features/display/DisplayPage').then((m) => ({ default: m.DisplayPage })));
const LandingPage = lazy(() => import('../features/landing/LandingPage').then((m) => ({ default: m.LandingPage })));
const SignInPage = lazy(() => import('../features/auth/SignInPage').then((m) => ({ default: m.SignInPage })));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));

interface PageRoute {
  path: string;
  access: Access;
  element: ReactNode;
}

const { Owner, ServiceProvider, Customer, Guest } = Role;

/** Full-screen pages, without the top bar. */
const bareRoutes: PageRoute[] = [
  { path: '/', access: 'public', element: <LandingPage /> },
  { path: '/display/:eventId', access: 'public', element: <DisplayPage /> },
  { path: '/presentation/:eventId', access: 'public', element: <Placeholder page="presentation" /> },
  { path: '/presentation', access: 'public', element: <Placeholder page="presentation" /> },
];

const shellRoutes: PageRoute[] = [
  { path: '/signin', access: 'public', element: <SignInPage /> },
  { path: '/auth', access: 'public', element: <AuthRedirect /> },
  { path: '/event-code', access: 'public', element: <Placeholder page="eventCode" /> },
  { path: '/contribute', access: 'public', element: <ContributePage /> },
  { path: '/contribute/:eventId', access: 'public', element: <ContributePage /> },
  { path: '/thank-you', access: 'public', element: <ThankYouPage /> },
  { path: '/dashboard', access: 'signed-in', element: <DashboardPage /> },
  { path: '/memories/:eventId', access: 'signed-in', element: <Placeholder page="memoryWall" /> },
  { path: '/customer-wall', access: [Customer], element: <Placeholder page="customerWall" /> },
  { path: '/events/:eventId/wall', access: [Customer, ServiceProvider, Owner], element: <Placeholder page="eventWall" /> },
  { path: '/qrcode', access: [Owner, Guest, Customer], element: <Placeholder page="qrCode" /> },
  { path: '/qrcode/:eventId', access: [Owner, Guest, Customer], element: <Placeholder page="qrCode" /> },
  { path: '/events', access: [Owner, ServiceProvider, Customer], element: <Placeholder page="events" /> },
  { path: '/events/new', access: [Owner, ServiceProvider], element: <Placeholder page="newEvent" /> },
  { path: '/events/:id/edit', access: [Owner, ServiceProvider, Customer], element: <Placeholder page="editEvent" /> },
  { path: '/events/:id', access: [Owner, ServiceProvider, Customer], element: <Placeholder page="eventDashboard" /> },
  { path: '/wall-settings/:id', access: [Customer], element: <Placeholder page="wallSettings" /> },
  { path: '/events/:id/moderation', access: [Customer, ServiceProvider, Owner], element: <Placeholder page="moderation" /> },
  { path: '/admin', access: [Owner], element: <Placeholder page="admin" /> },
  { path: '/admin/service-providers/:id', access: [Owner], element: <Placeholder page="serviceProvider" /> },
  { path: '/admin/billing', access: [Owner], element: <Placeholder page="billing" /> },
  { path: '/credits', access: [ServiceProvider], element: <Placeholder page="credits" /> },
  { path: '/myprofile', access: 'signed-in', element: <ProfilePage /> },
];

/** Every page that is not public waits for `me`, then opens, sends to sign-in, or shows Access Denied. */
function guarded(route: PageRoute): ReactNode {
  if (route.access === 'public') return route.element;
  return <RequireAccess access={route.access}>{route.element}</RequireAccess>;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<BareLayout />}>
        {bareRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={guarded(route)} />
        ))}
      </Route>
      <Route element={<ShellLayout />}>
        {shellRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={guarded(route)} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
