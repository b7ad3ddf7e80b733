import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldProps {
  label: string;
  error?: string;
  /** A short help text under the control. */
  hint?: string;
}

type InputFieldProps = FieldProps & { multiline?: false } & InputHTMLAttributes<HTMLInputElement>;
type TextAreaFieldProps = FieldProps & { multiline: true } & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled input or textarea with its validation message underneath. */
export function TextField(props: InputFieldProps | TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const { label, error, hint, multiline, ...controlProps } = props;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  const a11y = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...(controlProps as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...a11y} />
      ) : (
        <input {...(controlProps as InputHTMLAttributes<HTMLInputElement>)} {...a11y} />
      )}
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
