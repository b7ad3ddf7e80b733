import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { toast } from 'sonner';

// Lazy pages may take more than the default second to appear on a loaded two-core machine (CI):
// waiting longer changes no assertion, it only stops a slow render from failing a test.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

// sonner keeps its toasts in a module-wide store and replays them to every new <Toaster />:
// dismiss them all so one test's toasts never show up in the next.
afterEach(() => {
  toast.dismiss();
});
// What a page keeps on the device (a guest's name, hearted memories) never carries into the next test.
afterEach(() => localStorage.clear());
