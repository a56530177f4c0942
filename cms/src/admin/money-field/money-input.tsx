import { useEffect, useState } from 'react';
import { Field } from '@strapi/design-system';
import { useForm } from '@strapi/strapi/admin';
import { formatMoneyInput, parseMoneyInput } from '@sala/shared/money';
import type { Currency } from '@sala/shared/constants';
import type { EditorFieldProps } from './field-props';
import { useText } from './texts';

const SYMBOLS: Record<Currency, string> = { THB: '฿', USD: '$' };

function isCurrency(value: unknown): value is Currency {
  return value === 'THB' || value === 'USD';
}

/** The entry's currency: fixed by the field (`currency`), or read from a field of the same entry (`currencyField`). */
function useCurrency(name: string, options: Record<string, unknown> | undefined): Currency | null {
  const siblingPath = typeof options?.currencyField === 'string' ? [...name.split('.').slice(0, -1), options.currencyField].join('.') : null;
  const sibling = useForm('MoneyInput', (state) => (siblingPath ? siblingPath.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], state.values) : null));
  if (isCurrency(options?.currency)) return options.currency;
  if (siblingPath) return isCurrency(sibling) ? sibling : 'THB';
  return null;
}

/**
 * An amount kept in minor units, shown and typed as `1,490.00` (ADR 164). What the editor
 * types stays in the box until it reads as an amount; a refused text is kept in the form
 * as text, so the content manager will not save it, and the reason shows in Thai.
 */
export default function MoneyInput({ name, label, hint, required, disabled, labelAction, attribute, value, error, onChange }: EditorFieldProps) {
  const text = useText();
  const currency = useCurrency(name, attribute.options);
  const parseCurrency = currency ?? 'THB';
  const stored = typeof value === 'number' ? value : null;
  const [typed, setTyped] = useState(() => formatMoneyInput(stored, parseCurrency));
  const [refusal, setRefusal] = useState<string | null>(null);

  // Another document, a reset or a discard brings a new stored value: show it formatted.
  useEffect(() => {
    if (typeof value === 'string') return;
    setTyped((current) => {
      const reading = parseMoneyInput(current, parseCurrency, { allowNegative: true });
      return reading.ok && reading.value === stored ? current : formatMoneyInput(stored, parseCurrency);
    });
    setRefusal(null);
  }, [value, stored, parseCurrency]);

  function change(next: string) {
    setTyped(next);
    const reading = parseMoneyInput(next, parseCurrency, { allowNegative: (attribute.min ?? 0) < 0 });
    if (reading.ok) {
      setRefusal(null);
      onChange(name, reading.value);
    } else {
      setRefusal(text(`money_input_${reading.reason}`));
      onChange(name, next);
    }
  }

  const hintText = currency === 'USD' ? text('money_input_hint_usd') : currency === 'THB' ? text('money_input_hint_thb') : hint;
  return (
    <Field.Root name={name} id={name} hint={hintText} error={refusal ?? error} required={required}>
      <Field.Label action={labelAction}>{label}</Field.Label>
      <Field.Input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        data-money-field={name}
        value={typed}
        disabled={disabled}
        startAction={currency ? <span aria-hidden="true">{SYMBOLS[currency]}</span> : undefined}
        endAction={currency ? <span>{currency === 'THB' ? 'บาท' : 'USD'}</span> : undefined}
        onChange={(event) => change(event.target.value)}
        onBlur={() => {
          if (refusal === null && typed.trim() !== '') setTyped(formatMoneyInput(stored, parseCurrency));
        }}
      />
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
}
