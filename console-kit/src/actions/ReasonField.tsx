import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface ReasonFieldProps {
  /** Translation keys of the label and of the help under it (`%{min}`, `%{max}`: the limits). */
  label: string;
  help?: string;
  value: string;
  onChange: (value: string) => void;
  /** The shortest and longest reason the API takes (shared `limits.ts`). */
  minLength?: number;
  maxLength: number;
  required?: boolean;
  autoFocus?: boolean;
}

/** The "why" a dialog asks before an audited or seller-visible action. */
export function ReasonField({
  label,
  help,
  onChange,
  minLength = 0,
  maxLength,
  ...props
}: ReasonFieldProps) {
  const translate = useTranslate();
  return (
    <TextField
      {...props}
      label={translate(label)}
      helperText={help && translate(help, { min: minLength, max: maxLength })}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { maxLength } }}
      multiline
      minRows={2}
      fullWidth
      margin="normal"
    />
  );
}
