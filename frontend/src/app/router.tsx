import { lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { Role } from '@memory-wall/contracts';
import { BareLayout, ShellLayout } from '../components/layout/layouts';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { loadContributePage, loadEventCodePage } from './guestBoot';
import { AuthRedirect, RequireAccess, type Access } from './RequireAccess';

// Pages load on demand so a guest on /contribute or a venue screen downloads only its own page.
const ContributePage = lazy(() => loadContributePage().then((m) => ({ default: m.ContributePage })));
const ThankYouPage = lazy(() =>
  import('../features/thank-you/ThankYouPage').then((m) => ({ default: m.ThankYouPage })),
);
const GalleryPage = lazy(() => import('../features/gallery/GalleryPage').then((m) => ({ default: m.GalleryPage })));
const MemoryWallPage = lazy(() =>
  import('../features/memories/MemoryWallPage').then((m) => ({ default: m.MemoryWallPage })),
);
const CustomerWallPage = lazy(() =>
  import('../features/customer-wall/CustomerWallPage').then((m) => ({ default: m.CustomerWallPage })),
);
const ModerationPage = lazy(() =>
  import('../features/moderation/ModerationPage').then((m) => ({ default: m.ModerationPage })),
);
const PresentationPage = lazy(() =>
  import('../features/presentation/PresentationPage').then((m) => ({ default: m.PresentationPage })),
);
const DisplayPage = lazy(() => import('../features/display/DisplayPage').then((m) => ({ default: m.DisplayPage })));
const LandingPage = lazy(() => import('../features/landing/LandingPage').then((m) => ({ default: m.LandingPage })));
const SignInPage = lazy(() => import('../features/auth/SignInPage').then((m) => ({ default: m.SignInPage })));
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const MailOutboxPage = lazy(() =>
  import('../features/admin/MailOutboxPage').then((m) => ({ default: m.MailOutboxPage })),
);
const ProfilePage = lazy(() => import('../features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const DashboardPage = lazy(() =>
  import('../features/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })),
);
const EventCodePage = lazy(() => loadEventCodePage().then((m) => ({ default: m.EventCodePage })));
const EventsPage = lazy(() => import('../features/events/EventsPage').then((m) => ({ default: m.EventsPage })));
const NewEventPage = lazy(() => import('../features/events/EventFormPage').then((m) => ({ default: m.NewEventPage })));
const EditEventPage = lazy(() =>
  import('../features/events/EventFormPage').then((m) => ({ default: m.EditEventPage })),
);
const EventDashboardPage = lazy(() =>
  import('../features/events/EventDashboardPage').then((m) => ({ default: m.EventDashboardPage })),
);
const QrCodePage = lazy(() => import('../features/qrcode/QrCodePage').then((m) => ({ default: m.QrCodePage })));
const WallSettingsPage = lazy(() =>
  import('../features/wall-settings/WallSettingsPage').then((m) => ({ default: m.WallSettingsPage })),
);
const CreditsPage = lazy(() => import('../features/credits/CreditsPage').then((m) => ({ default: m.CreditsPage })));
const AdminDashboardPage = lazy(() =>
  import('../features/admin/AdminDashboardPage').then((m) => ({ default: m.AdminDashboardPage })),
);
const ServiceProviderPage = lazy(() =>
  import('../features/admin/ServiceProviderPage').then((m) => ({ default: m.ServiceProviderPage })),
);
const QueuesPage = lazy(() => import('../features/admin/QueuesPage').then((m) => ({ default: m.QueuesPage })));
const BillingPage = lazy(() => import('../features/billing/BillingPage').then((m) => ({ default: m.BillingPage })));

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
  { path: '/presentation/:eventId', access: 'public', element: <PresentationPage /> },
  { path: '/presentation', access: 'public', element: <PresentationPage /> },
];

const shellRoutes: PageRoute[] = [
  { path: '/signin', access: 'public', element: <SignInPage /> },
  { path: '/forgot-password', access: 'public', element: <ForgotPasswordPage /> },
  { path: '/reset-password', access: 'public', element: <ResetPasswordPage /> },
  { path: '/auth', access: 'public', element: <AuthRedirect /> },
  { path: '/event-code', access: 'public', element: <EventCodePage /> },
  { path: '/contribute', access: 'public', element: <ContributePage /> },
  { path: '/contribute/:eventId', access: 'public', element: <ContributePage /> },
  { path: '/thank-you', access: 'public', element: <ThankYouPage /> },
  { path: '/gallery/:eventId', access: 'public', element: <GalleryPage /> },
  { path: '/dashboard', access: 'signed-in', element: <DashboardPage /> },
  { path: '/memories/:eventId', access: 'signed-in', element: <MemoryWallPage /> },
  { path: '/customer-wall', access: [Customer], element: <CustomerWallPage /> },
  { path: '/events/:eventId/wall', access: [Customer, ServiceProvider, Owner], element: <MemoryWallPage /> },
  { path: '/qrcode', access: [Owner, Guest, Customer], element: <QrCodePage /> },
  { path: '/qrcode/:eventId', access: [Owner, Guest, Customer], element: <QrCodePage /> },
  { path: '/events', access: [Owner, ServiceProvider, Customer], element: <EventsPage /> },
  { path: '/events/new', access: [Owner, ServiceProvider], element: <NewEventPage /> },
  { path: '/events/:id/edit', access: [Owner, ServiceProvider, Customer], element: <EditEventPage /> },
  { path: '/events/:id', access: [Owner, ServiceProvider, Customer], element: <EventDashboardPage /> },
  { path: '/wall-settings/:id', access: [Customer], element: <WallSettingsPage /> },
  // Signed in with another role: sent to / by the page (spec §2 Moderation page), not Access Denied.
  { path: '/events/:id/moderation', access: 'signed-in', element: <ModerationPage /> },
  { path: '/admin', access: [Owner], element: <AdminDashboardPage /> },
  { path: '/admin/service-providers/:id', access: [Owner], element: <ServiceProviderPage /> },
  { path: '/admin/billing', access: [Owner], element: <BillingPage /> },
  { path: '/admin/queues', access: [Owner], element: <QueuesPage /> },
  { path: '/admin/mail', access: [Owner], element: <MailOutboxPage /> },
  { path: '/credits', access: [ServiceProvider], element: <CreditsPage /> },
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
