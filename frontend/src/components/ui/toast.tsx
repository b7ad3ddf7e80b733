import { lazy, Suspense } from 'react';

// sonner is loaded after the first render: no page needs a toast before the user has done something.
const loadSonner = () => import('sonner');
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/** Toast settings of spec §9: one toast at a time, shown 5 s, swiped away to the right. */
export function AppToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" visibleToasts={1} duration={5000} swipeDirections={['right']} />
    </Suspense>
  );
}

export function showError(title: string, description?: string): void {
  void loadSonner().then(({ toast }) => toast.error(title, { description }));
}

export function showSuccess(title: string, description?: string): void {
  void loadSonner().then(({ toast }) => toast.success(title, { description }));
}
