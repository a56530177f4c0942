import { useEffect, useState } from 'react';
import { Field } from '@strapi/design-system';
import { formatPercentInput, parsePercentInput } from '@sala/shared/money';
import type { EditorFieldProps } from './field-props';
import { useText } from './texts';

/** A percent kept in basis points (700), shown and typed as `7.00` % (ADR 164). */
export default function PercentInput({ name, label, required, disabled, labelAction, attribute, value, error, onChange }: EditorFieldProps) {
  const text = useText();
  const stored = typeof value === 'number' ? value : null;
  const [typed, setTyped] = useState(() => formatPercentInput(stored));
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (typeof value === 'string') return;
    setTyped((current) => {
      const reading = parsePercentInput(current, { allowAboveWhole: true });
      return reading.ok && reading.value === stored ? current : formatPercentInput(stored);
    });
    setRefusal(null);
  }, [value, stored]);

  function change(next: string) {
    setTyped(next);
    const reading = parsePercentInput(next, { allowAboveWhole: (attribute.max ?? 10000) > 10000 });
    if (reading.ok) {
      setRefusal(null);
      onChange(name, reading.value);
    } else {
      setRefusal(text(reading.reason === 'not_a_number' ? 'money_input_percent_not_a_number' : `money_input_${reading.reason}`));
      onChange(name, next);
    }
  }

  return (
    <Field.Root name={name} id={name} hint={text('money_input_hint_percent')} error={refusal ?? error} required={required}>
      <Field.Label action={labelAction}>{label}</Field.Label>
      <Field.Input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        data-percent-field={name}
        value={typed}
        disabled={disabled}
        endAction={<span>%</span>}
        onChange={(event) => change(event.target.value)}
        onBlur={() => {
          if (refusal === null && typed.trim() !== '') setTyped(formatPercentInput(stored));
        }}
      />
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
}
