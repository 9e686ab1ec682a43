import { useId, type HTMLInputTypeAttribute } from 'react';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  required?: boolean;
  /** Shown under the input until an error replaces it. */
  hint?: string;
  error?: string | undefined;
  /** Lets the form focus the first invalid field. */
  inputId?: string;
}

/** A labelled input with its hint and error tied to it for assistive technologies. */
export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  required = false,
  hint,
  error,
  inputId,
}: TextFieldProps) {
  const generatedId = useId();
  const id = inputId ?? generatedId;
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
      />
      {note && (
        <p id={noteId} className={error ? 'field-error' : 'field-hint'}>
          {note}
        </p>
      )}
    </div>
  );
}
