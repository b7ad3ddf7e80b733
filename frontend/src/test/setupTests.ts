import '@testing-library/jest-dom';
import { toast } from 'sonner';

// sonner keeps its toasts in a module-wide store and replays them to every new <Toaster />:
// dismiss them all so one test's toasts never show up in the next.
afterEach(() => {
  toast.dismiss();
});
