/**
 * The Omise card form (method 8): the card is turned into a one-time token in the
 * browser by Omise.js (loaded from the method's Omise host, with its public key), and
 * only the token starts the payment; 3-D Secure follows on the provider's page.
 */
import { MINIMUM_ONLINE_PAYMENT_AMOUNT } from '@sala/shared/constants';
import { formatMoney, money } from '@sala/shared/money';
import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useLocale, useT } from '~/models/i18n';
import { CardFields, useCardForm, useProviderScript } from './card-fields';
import { CardNotice, PayButton } from './pay-button';
import type { CardFormProps, CardSetupAnswer } from './card-types';

type OmiseTokenAnswer = { id?: string; object?: string; code?: string; message?: string };
type OmiseJs = {
  setPublicKey(key: string): void;
  createToken(type: 'card', card: Record<string, string | number>, callback: (status: number, response: OmiseTokenAnswer) => void): void;
};

const omiseOf = () => (typeof window === 'undefined' ? undefined : (window as unknown as { Omise?: OmiseJs }).Omise);

export function OmiseCardForm({ order, start, busy }: CardFormProps) {
  const t = useT();
  const locale = useLocale();
  const setup = useFetcher<CardSetupAnswer>();
  const { values, errors, change, check } = useCardForm(true);
  const [tokenising, setTokenising] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (setup.state === 'idle' && !setup.data) setup.load('/card-setup/8');
  }, [setup]);
  const answer = setup.data;
  const omise = answer?.ok && answer.setup.methodId === 8 ? answer.setup : null;
  const script = useProviderScript(omise?.scriptUrl ?? null, () => Boolean(omiseOf()));
  const unavailable = answer?.ok === false || script === 'failed';

  const amount = money(order.netAmount, order.currency);
  const belowMinimum = order.currency === 'THB' && order.netAmount < MINIMUM_ONLINE_PAYMENT_AMOUNT;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!(await check())) return;
    const js = omiseOf();
    if (!omise || !js) {
      setFailure(t('card_script_failed'));
      return;
    }
    setTokenising(true);
    js.setPublicKey(omise.publicKey);
    js.createToken(
      'card',
      {
        name: values.cardholderName.trim(),
        number: values.cardNumber,
        expiration_month: Number(values.expiryMonth),
        expiration_year: Number(values.expiryYear),
        security_code: values.cvv,
      },
      (status, response) => {
        setTokenising(false);
        if (status === 200 && response.id) start({ token: response.id });
        else setFailure(response.message ? `${t('payment_fail')} (${response.message})` : t('payment_fail'));
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="card-form" data-method-id="8" data-ready={script === 'ready'}>
      <div className="ck-stack">
        <h2 className="pay-h2">{t('card_form_title')}</h2>
        {belowMinimum ? <CardNotice status="warning" description={t('cart_minimum_payment', { amount: formatMoney(money(MINIMUM_ONLINE_PAYMENT_AMOUNT, 'THB'), locale) })} /> : null}
        {failure ? <CardNotice title={t('cart_fail')} description={failure} /> : null}
        {unavailable ? <CardNotice title={t('cart_fail')} description={t('card_script_failed')} /> : null}
        <CardFields idPrefix="omise-card" values={values} errors={errors} onChange={change} withName encrypt={false} disabled={busy || tokenising} />
        <p className="pay-sm ck-muted">
          {t('card_3ds_note')} {t('card_secure_note')}
        </p>
        <PayButton
          type="submit"
          palette="teal"
          size="lg"
          fullWidth
          loading={busy || tokenising}
          loadingText={t('card_processing')}
          disabled={belowMinimum || unavailable || script !== 'ready'}
          data-testid="card-submit"
        >
          {t('card_pay_button', { amount: formatMoney(amount, locale) })}
        </PayButton>
      </div>
    </form>
  );
}
