/**
 * What both card forms share: the inputs with the lengths of spec section 5 (number 16,
 * month 2, year 4, CVV 4), the card type badge, the shared card schema's Thai messages
 * next to their fields, the provider script loader, and the failure notice of section 8.
 * Plain elements with the static classes of styles/checkout.css and styles/payment.css, drawn as
 * Chakra's Field, Input and Alert (ADR 210): a card order's payment page renders them first.
 */
import { LIMITS } from '@sala/shared/constants';
import { detectCardType } from '@sala/shared/payments';
import type { buildCardFormSchema } from '~/models/payment/card-schema';
import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { useT } from '~/models/i18n';

export type CardValues = { cardNumber: string; cardholderName: string; expiryMonth: string; expiryYear: string; cvv: string };
export type CardErrors = Partial<Record<keyof CardValues, string>>;

export const EMPTY_CARD: CardValues = { cardNumber: '', cardholderName: '', expiryMonth: '', expiryYear: '', cvv: '' };

const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/**
 * The shared schemas (zod with them) come with the first check, or once the form is up: a
 * card is checked only when it is submitted, so they stay out of the page's first scripts (ADR 210).
 */
let schemas: Promise<{ buildCardFormSchema: typeof buildCardFormSchema }> | null = null;
const loadSchemas = () =>
  (schemas ??= import('~/models/payment/card-schema').catch((error: unknown) => {
    schemas = null;
    throw error;
  }));

/** Checks the card with the shared schema; the cardholder name is required where the provider needs it. */
export async function validateCard(values: CardValues, t: Translate, nameRequired: boolean): Promise<CardErrors> {
  const { buildCardFormSchema } = await loadSchemas();
  const errors: CardErrors = {};
  const parsed = buildCardFormSchema(t).safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof CardValues;
      errors[field] ??= issue.message;
    }
  }
  if (nameRequired && !values.cardholderName.trim()) errors.cardholderName ??= t('card_holder_required');
  return errors;
}

/** Short marks of the card types, in their brand colours. */
const BADGES: Record<string, { label: string; bg: string; color: string }> = {
  visa: { label: 'VISA', bg: '#1a1f71', color: 'white' },
  mastercard: { label: 'MC', bg: '#eb001b', color: 'white' },
  'american-express': { label: 'AMEX', bg: '#2e77bc', color: 'white' },
  'diners-club': { label: 'DINERS', bg: '#004a97', color: 'white' },
  discover: { label: 'DISC', bg: '#ff6000', color: 'white' },
  jcb: { label: 'JCB', bg: '#0b7a3e', color: 'white' },
  unionpay: { label: 'UPI', bg: '#d10429', color: 'white' },
  maestro: { label: 'MAES', bg: '#0099df', color: 'white' },
  elo: { label: 'ELO', bg: '#000000', color: '#ffcb05' },
  mir: { label: 'MIR', bg: '#0f754e', color: 'white' },
  hiper: { label: 'HIPER', bg: '#f37421', color: 'white' },
  hipercard: { label: 'HIPER', bg: '#b3131b', color: 'white' },
};

const BADGE_LOOK = {
  padding: '0.125rem 0.375rem',
  borderRadius: 'var(--chakra-radii-sm)',
  fontSize: 'var(--chakra-font-sizes-2xs)',
  fontWeight: 800,
  letterSpacing: 'var(--chakra-letter-spacings-wider)',
  lineHeight: 1.4,
  whiteSpace: 'nowrap',
} as const;

export function CardTypeIcon({ number }: { number: string }) {
  const t = useT();
  const info = detectCardType(number);
  if (!info) return null;
  const badge = BADGES[info.type] ?? { label: info.niceType.toUpperCase(), bg: 'var(--chakra-colors-gray-700, #3f3f46)', color: 'white' };
  return (
    <span
      role="img"
      aria-label={t('card_type_label', { type: info.niceType })}
      data-testid="card-type"
      data-type={info.type}
      // its brand's colours, so its whole look is here; drawn as Chakra's 2xs, extra-bold, wide-spaced badge
      style={{ ...BADGE_LOOK, background: badge.bg, color: badge.color }}
    >
      {badge.label}
    </span>
  );
}

type FieldProps = {
  id: string;
  label: string;
  error?: string;
  input: InputHTMLAttributes<HTMLInputElement> & { 'data-encrypt'?: string };
  end?: React.ReactNode;
};

// The card type's slot at the input's end (only the card number has one).
const END_SLOT = { position: 'absolute', insetInlineEnd: '0.75rem', top: '50%', transform: 'translateY(-50%)', display: 'flex', pointerEvents: 'none' } as const;

/** A required field as Chakra's Field drew it: the label with its mark, the input, and its error under it. */
function CardField({ id, label, error, input, end }: FieldProps) {
  const invalid = Boolean(error);
  return (
    <div className="ck-field" role="group" data-field={id} data-invalid={invalid ? '' : undefined}>
      <label className="ck-label" id={`${id}-label`} htmlFor={id}>
        {label}
        <span aria-hidden="true" className="ck-required">
          *
        </span>
      </label>
      <div style={{ position: 'relative' }}>
        <input
          {...input}
          id={id}
          required
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          className="ck-input"
          style={end ? { paddingInlineEnd: '4rem' } : undefined}
        />
        {end ? <span style={END_SLOT}>{end}</span> : null}
      </div>
      {invalid ? (
        <div className="ck-error" id={`${id}-error`} aria-live="polite">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The card inputs. `encrypt` marks them for 2C2P's script (`data-encrypt`) and leaves them
 * without a `name`, so the card number never leaves the browser in a form post.
 */
export function CardFields({
  idPrefix,
  values,
  errors,
  onChange,
  withName,
  encrypt,
  disabled,
}: {
  idPrefix: string;
  values: CardValues;
  errors: CardErrors;
  onChange: (field: keyof CardValues, value: string) => void;
  withName: boolean;
  encrypt: boolean;
  disabled?: boolean;
}) {
  const t = useT();
  const mark = (kind: string) => (encrypt ? { 'data-encrypt': kind } : {});
  return (
    <div className="ck-stack pay-card">
      <CardField
        id={`${idPrefix}-number`}
        label={t('card_number')}
        error={errors.cardNumber}
        end={<CardTypeIcon number={values.cardNumber} />}
        input={{
          value: values.cardNumber,
          onChange: (event) => onChange('cardNumber', digitsOnly(event.currentTarget.value, LIMITS.cardNumberMaxLength)),
          inputMode: 'numeric',
          autoComplete: 'cc-number',
          // digits beyond 16 are dropped above; no maxLength, so a pasted '4242 4242 …' keeps all its digits
          placeholder: t('card_number_placeholder'),
          disabled,
          ...mark('cardnumber'),
        }}
      />
      {withName ? (
        <CardField
          id={`${idPrefix}-name`}
          label={t('card_holder')}
          error={errors.cardholderName}
          input={{
            value: values.cardholderName,
            onChange: (event) => onChange('cardholderName', event.currentTarget.value.slice(0, LIMITS.nameMaxLength)),
            autoComplete: 'cc-name',
            maxLength: LIMITS.nameMaxLength,
            disabled,
          }}
        />
      ) : null}
      <div className="pay-card-grid">
        <CardField
          id={`${idPrefix}-month`}
          label={t('card_expiry_month')}
          error={errors.expiryMonth}
          input={{
            value: values.expiryMonth,
            onChange: (event) => onChange('expiryMonth', digitsOnly(event.currentTarget.value, LIMITS.cardMonthLength)),
            inputMode: 'numeric',
            autoComplete: 'cc-exp-month',
            maxLength: LIMITS.cardMonthLength,
            placeholder: t('card_month_placeholder'),
            disabled,
            ...mark('month'),
          }}
        />
        <CardField
          id={`${idPrefix}-year`}
          label={t('card_expiry_year')}
          error={errors.expiryYear}
          input={{
            value: values.expiryYear,
            onChange: (event) => onChange('expiryYear', digitsOnly(event.currentTarget.value, LIMITS.cardYearLength)),
            inputMode: 'numeric',
            autoComplete: 'cc-exp-year',
            maxLength: LIMITS.cardYearLength,
            placeholder: t('card_year_placeholder'),
            disabled,
            ...mark('year'),
          }}
        />
        <CardField
          id={`${idPrefix}-cvv`}
          label={t('card_cvv')}
          error={errors.cvv}
          input={{
            value: values.cvv,
            onChange: (event) => onChange('cvv', digitsOnly(event.currentTarget.value, LIMITS.cardCvvMaxLength)),
            inputMode: 'numeric',
            autoComplete: 'cc-csc',
            type: 'password',
            maxLength: LIMITS.cardCvvMaxLength,
            disabled,
            ...mark('cvv'),
          }}
        />
      </div>
    </div>
  );
}

/** The card state of a form: values, per-field messages (editing a field clears its own), and a check. */
export function useCardForm(nameRequired: boolean) {
  const t = useT();
  const [values, setValues] = useState<CardValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  const change = (field: keyof CardValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };
  useEffect(() => {
    // fetched while the buyer types; a failed fetch is tried again by the check itself
    loadSchemas().catch(() => undefined);
  }, []);
  const check = async (): Promise<boolean> => {
    const found = await validateCard(values, t, nameRequired);
    setErrors(found);
    return Object.values(found).every((message) => !message);
  };
  return { values, errors, change, check };
}

export type ScriptState = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * Loads a provider's browser script once per page and reports when `ready(window)` holds.
 * The same URL is never added twice.
 */
export function useProviderScript(src: string | null, isReady: () => boolean): ScriptState {
  const [state, setState] = useState<ScriptState>('idle');
  useEffect(() => {
    if (!src) return;
    if (isReady()) {
      setState('ready');
      return;
    }
    setState('loading');
    let script = document.querySelector<HTMLScriptElement>(`script[data-provider-src="${CSS.escape(src)}"]`);
    if (!script) {
      script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.dataset.providerSrc = src;
      document.head.appendChild(script);
    }
    const onLoad = () => setState(isReady() ? 'ready' : 'failed');
    const onError = () => {
      script?.remove();
      setState('failed');
    };
    script.addEventListener('load', onLoad);
    script.addEventListener('error', onError);
    return () => {
      script?.removeEventListener('load', onLoad);
      script?.removeEventListener('error', onError);
    };
    // isReady reads window only; the script URL decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src]);
  return state;
}
