import { lazy, Suspense, useSyncExternalStore } from 'react';

// sonner is loaded with the first toast: no page needs one before the user has done something, and a
// guest's first download stays without it. A toast made before <Toaster /> subscribes is replayed to it.
const loadSonner = () => import('sonner');
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

let toastShown = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Below the top bar (about 4 rem high), so that a toast never covers its tabs. */
const BELOW_TOP_BAR = { top: '4.75rem' };

/** Toast settings of spec §9: one toast at a time, shown 5 s, swiped away to the right. */
export function AppToaster() {
  const mounted = useSyncExternalStore(
    subscribe,
    () => toastShown,
    () => false,
  );
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        offset={BELOW_TOP_BAR}
        mobileOffset={BELOW_TOP_BAR}
        visibleToasts={1}
        duration={5000}
        swipeDirections={['right']}
      />
    </Suspense>
  );
}

type Sonner = Awaited<ReturnType<typeof loadSonner>>;

function show(make: (toast: Sonner['toast']) => void): void {
  if (!toastShown) {
    toastShown = true;
    listeners.forEach((listener) => listener());
  }
  void loadSonner().then(({ toast }) => make(toast));
}

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export function showError(title: string, description?: string, action?: ToastAction): void {
  show((toast) => toast.error(title, { description, action }));
}

export function showSuccess(title: string, description?: string): void {
  show((toast) => toast.success(title, { description }));
}

/**
 * A toast with an Undo button, shown for `durationMs`; answers a function that takes it away (once the
 * action can no longer be undone).
 */
export function showUndo(title: string, undo: ToastAction, durationMs: number, description?: string): () => void {
  let dismiss = () => {};
  let dismissed = false;
  show((toast) => {
    const id = toast(title, { description, action: undo, duration: durationMs });
    dismiss = () => toast.dismiss(id);
    if (dismissed) dismiss();
  });
  return () => {
    dismissed = true;
    dismiss();
  };
}
