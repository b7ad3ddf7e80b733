import '../i18n';
import { AppToaster } from '../components/ui/toast';
import { AppRoutes } from './router';
import { ThemeSync } from './ThemeSync';

/** Everything inside the store and router providers (main.tsx in the browser, renderWithProviders in tests). */
export function App() {
  return (
    <>
      <ThemeSync />
      <AppRoutes />
      <AppToaster />
    </>
  );
}
