import { MY_MEMORIES_MAX, type MemoryType } from '@memory-wall/contracts';

/**
 * What this device sent to each event, kept in the browser (no account): the submission id, the secret that
 * proves the memory is this guest's (libs/contracts MyMemory), and enough to recognise it in "My memories".
 */
export interface MySubmission {
  submissionId: string;
  memoryId: string;
  type: MemoryType;
  /** The start of the message or caption, for the guest to recognise it. */
  preview: string;
  sentAt: number;
}

const STORAGE_KEY = 'mw.mySubmissions';
const PREVIEW_LENGTH = 80;

function readAll(): Record<string, MySubmission[]> {
  try {
    return (JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, MySubmission[]>) ?? {};
  } catch {
    return {}; // Storage refused or unreadable: the device remembers nothing.
  }
}

function writeAll(all: Record<string, MySubmission[]>) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(all));
  } catch {
    // Not remembered: the memory is stored all the same, only this device cannot find it again.
  }
}

/** This device's submissions to the event, newest first. */
export function mySubmissions(eventId: string): MySubmission[] {
  return readAll()[eventId] ?? [];
}

export function keepMySubmission(
  eventId: string,
  submission: Omit<MySubmission, 'sentAt' | 'preview'> & { text?: string },
) {
  const all = readAll();
  const { text, ...kept } = submission;
  const entry = { ...kept, preview: (text ?? '').slice(0, PREVIEW_LENGTH), sentAt: Date.now() };
  const others = (all[eventId] ?? []).filter((s) => s.submissionId !== entry.submissionId);
  all[eventId] = [entry, ...others].slice(0, MY_MEMORIES_MAX);
  writeAll(all);
}

export function forgetMySubmission(eventId: string, submissionId: string) {
  const all = readAll();
  all[eventId] = (all[eventId] ?? []).filter((s) => s.submissionId !== submissionId);
  writeAll(all);
}
