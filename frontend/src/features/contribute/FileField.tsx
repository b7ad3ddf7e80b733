import { useId, type InputHTMLAttributes, type Ref } from 'react';

type FileFieldProps = {
  label: string;
  hint: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'>;

/** A labelled file input with its hint, and the problem with what was chosen underneath. */
export function FileField({ label, hint, error, ref, ...inputProps }: FileFieldProps) {
  const inputId = useId();
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        ref={ref}
        id={inputId}
        type="file"
        className="contribute-file-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
        {...inputProps}
      />
      <p className="field-hint" id={`${inputId}-hint`}>
        {hint}
      </p>
      {error && (
        <p className="field-error" id={`${inputId}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
