import type { ReactNode } from 'react';

/**
 * What the content manager hands a custom field's Input (Strapi 5.54's InputRenderer spreads
 * the layout props and `useField(name)`): the stored value, and `onChange(name, value)`.
 */
export type EditorFieldProps = {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  labelAction?: ReactNode;
  placeholder?: string;
  attribute: { min?: number; max?: number; options?: Record<string, unknown> };
  value: unknown;
  error?: string;
  onChange: (name: string, value: unknown) => void;
};
