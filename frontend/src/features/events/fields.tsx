import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: string;
  error?: string;
  options: readonly { value: string | number; label: string }[];
}

/** A labelled select with an optional hint and validation message, styled like TextField. */
export function SelectField({ label, hint, error, options, ...props }: SelectFieldProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="ev-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface RadioGroupProps<V extends string> {
  legend: string;
  name: string;
  value: V;
  options: readonly { value: V; label: string; hint?: string }[];
  onChange(value: V): void;
}

/** Radio buttons in a fieldset (the .choice-group style of the sign-in page). */
export function RadioGroup<V extends string>({ legend, name, value, options, onChange }: RadioGroupProps<V>) {
  const id = useId();
  return (
    <fieldset className="choice-group">
      <legend>{legend}</legend>
      {options.map((option) => (
        <div key={option.value} className="choice">
          <input
            type="radio"
            id={`${id}-${option.value}`}
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            aria-describedby={option.hint ? `${id}-${option.value}-hint` : undefined}
          />
          <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
          {option.hint && (
            <span className="muted" id={`${id}-${option.value}-hint`}>
              {option.hint}
            </span>
          )}
        </div>
      ))}
    </fieldset>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({
  label,
  hint,
  checked,
  onChange,
  role,
}: {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  role?: 'switch';
}) {
  const id = useId();
  return (
    <div className="ev-check">
      <input
        type="checkbox"
        id={id}
        role={role}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span className="muted" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
}
