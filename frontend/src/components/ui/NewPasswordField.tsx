import type { ComponentProps } from 'react';
import { TextField } from './TextField';

/** A new password (or its confirmation): hidden, and offered to the browser's password manager as a new one. */
export function NewPasswordField(
  props: { label: string } & Omit<ComponentProps<'input'>, 'type' | 'autoComplete'> & { error?: string; hint?: string },
) {
  return <TextField type="password" autoComplete="new-password" {...props} />;
}
