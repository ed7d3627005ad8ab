import type { ReactNode } from 'react';
import { Field, Input, Textarea } from 'shared-kernel/ui';

export interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  required?: boolean;
  multiline?: boolean;
  helperText?: ReactNode;
  inputMode?: 'text' | 'numeric' | 'email';
}

/** A labelled input whose error text appears only when the caller passes one (after touch). */
export function TextField({ name, label, value, onChange, onBlur, error, type = 'text', autoComplete, required, multiline, helperText, inputMode }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>{label}</Field.Label>
      {multiline ? (
        <Textarea name={name} value={value} rows={5} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />
      ) : (
        <Input
          name={name}
          type={type}
          value={value}
          autoComplete={autoComplete}
          inputMode={inputMode}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      )}
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText data-testid={`error-${name}`}>{error}</Field.ErrorText>
    </Field.Root>
  );
}
