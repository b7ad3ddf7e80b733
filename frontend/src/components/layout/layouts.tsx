import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../ui/Spinner';
import { TopBar } from './TopBar';

/** Pages with the top bar. */
export function ShellLayout() {
  return (
    <>
      <TopBar />
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** Landing page and venue screens: no top bar. */
export function BareLayout() {
  return (
    <Suspense fallback={<Spinner />}>
      <Outlet />
    </Suspense>
  );
}
