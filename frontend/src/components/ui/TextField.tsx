import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldProps {
  label: string;
  error?: string;
}

type InputFieldProps = FieldProps & { multiline?: false } & InputHTMLAttributes<HTMLInputElement>;
type TextAreaFieldProps = FieldProps & { multiline: true } & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled input or textarea with its validation message underneath. */
export function TextField(props: InputFieldProps | TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const { label, error, multiline, ...controlProps } = props;
  const a11y = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...(controlProps as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...a11y} />
      ) : (
        <input {...(controlProps as InputHTMLAttributes<HTMLInputElement>)} {...a11y} />
      )}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
