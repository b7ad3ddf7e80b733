import { useEffect, useRef, type ChangeEvent } from 'react';
import { useTranslation } from '../../i18n';
import { TextField } from '../../components/ui/TextField';

/** Where this device keeps the name its guest last signed a memory with (no account: the device is all we know). */
export const GUEST_NAME_STORAGE_KEY = 'memory-wall.guest-name';

function storedName(): string {
  try {
    return localStorage.getItem(GUEST_NAME_STORAGE_KEY) ?? '';
  } catch {
    return ''; // storage refused (private mode): the guest types it again
  }
}

function storeName(name: string): void {
  try {
    localStorage.setItem(GUEST_NAME_STORAGE_KEY, name);
  } catch {
    // storage refused: nothing to remember
  }
}

interface NameFieldProps {
  name: string;
  value: string;
  error?: string;
  onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void;
}

/**
 * The guest's name on every kind of memory. A guest leaving a second memory finds it filled in with the
 * name they used last on this device, offered once the page is interactive (so a prerendered page's HTML
 * stays as served), and what they type is remembered for the next one.
 */
export function NameField({ value, onChange, ...rest }: NameFieldProps) {
  const { t } = useTranslation();
  const offered = useRef(false);
  useEffect(() => {
    if (offered.current) return;
    offered.current = true;
    const remembered = storedName();
    if (remembered && !value) onChange({ target: { value: remembered } } as ChangeEvent<HTMLInputElement>);
  }, [value, onChange]);
  return (
    <TextField
      label={t('contribute.nameLabel')}
      autoComplete="name"
      value={value}
      onChange={(event) => {
        storeName(event.target.value.trim());
        onChange(event);
      }}
      {...rest}
    />
  );
}
