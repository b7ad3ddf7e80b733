import { useCallback, useState, type ChangeEvent } from 'react';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * Values and messages of a small form. `field(name)` gives a TextField its value, message and
 * onChange; typing in a field clears its message.
 */
export function useFormFields<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const { value } = e.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const reset = useCallback((next: Record<F, string>) => {
    setValues(next);
    setErrors({});
  }, []);

  return { values, errors, setErrors, field, reset };
}

/** The server's per-field messages (ApiErrorBody.fields) for this form's fields, under their form names. */
export function pickFieldErrors<F extends string>(
  fields: Record<string, string>,
  names: Record<F, readonly string[]>,
): FieldErrors<F> {
  const picked: FieldErrors<F> = {};
  for (const name of Object.keys(names) as F[]) {
    const key = names[name].find((k) => fields[k]);
    if (key) picked[name] = fields[key];
  }
  return picked;
}

export const hasErrors = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => EMAIL.test(value);
