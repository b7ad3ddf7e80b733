import { useRef } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';

/** The moderation page's keys and what each does (their texts in the moderation page's catalogue). */
export const SHORTCUTS = [
  { key: 'j', text: 'moderationPage.keyNext' },
  { key: 'k', text: 'moderationPage.keyPrevious' },
  { key: 'a', text: 'moderationPage.keyApprove' },
  { key: 'r', text: 'moderationPage.keyReject' },
  { key: 'f', text: 'moderationPage.keyFlag' },
  { key: 'x', text: 'moderationPage.keySelect' },
  { key: 'u', text: 'moderationPage.keyUndo' },
  { key: '?', text: 'moderationPage.keyHelp' },
] as const;

export type ShortcutCommand = 'next' | 'previous' | 'approve' | 'reject' | 'flag' | 'select' | 'undo' | 'help';

const COMMANDS: Record<(typeof SHORTCUTS)[number]['key'], ShortcutCommand> = {
  j: 'next',
  k: 'previous',
  a: 'approve',
  r: 'reject',
  f: 'flag',
  x: 'select',
  u: 'undo',
  '?': 'help',
};

const TEXT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'time']);

/** Where a key types a character: fields to write in (a checkbox or a button is not one). */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return target instanceof HTMLInputElement && TEXT_TYPES.has(target.type);
}

/**
 * The moderation page's keyboard (issue #27), by the characters typed (so they follow the keyboard's
 * layout), never while the host types in a field, and not while `enabled` is false (a dialog is open).
 */
export function useModerationKeys(run: (command: ShortcutCommand) => void, enabled: boolean): void {
  const latest = useRef(run);
  latest.current = run;
  useHotkeys(
    SHORTCUTS.filter((s) => s.key !== '?').map((s) => s.key),
    (event) => latest.current(COMMANDS[event.key.toLowerCase() as keyof typeof COMMANDS]),
    { useKey: true, enableOnFormTags: true, ignoreEventWhen: (e) => isTextEntry(e.target), enabled },
  );
  // '?' is Shift and another key on most layouts: the character counts, whatever the modifiers.
  useHotkeys('?', () => latest.current('help'), {
    useKey: true,
    ignoreModifiers: true,
    enableOnFormTags: true,
    ignoreEventWhen: (e) => isTextEntry(e.target),
    enabled,
  });
}
