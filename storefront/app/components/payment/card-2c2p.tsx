/**
 * The 2C2P card form (method 3): 2C2P's my2c2p script (loaded from the method's
 * SecurePayment host) encrypts the card inputs marked `data-encrypt` into
 * encryptedCardInfo and its masked fields, and the form goes to the card hand-off
 * screen /creditcard/{orderId} as a POST (never in an address or an access log), which
 * posts the signed request to 2C2P. The inputs carry no name: the card number never
 * reaches the shop, only the blob my2c2p encrypted with the provider's public key. Spec section 8: an encryption error
 * shows its description and code.
 */
import { formatMoney, money } from '@sala/shared/money';
import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useLocale, useT } from '~/models/i18n';
import { CardFields, useCardForm, useProviderScript } from './card-fields';
import { CardNotice, PayButton } from './pay-button';
import type { CardFormProps, CardSetupAnswer } from './card-types';

type My2c2p = { submitForm(formId: string, callback: (errorCode: number, errorDescription: string) => void): void };

const my2c2pOf = () => (typeof window === 'undefined' ? undefined : (window as unknown as { My2c2p?: My2c2p }).My2c2p);

const FORM_ID = 'sala-2c2p-card-form';

export function TwoC2pCardForm({ order, start, busy }: CardFormProps) {
  const t = useT();
  const locale = useLocale();
  const setup = useFetcher<CardSetupAnswer>();
  const { values, errors, change, check } = useCardForm(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [handingOver, setHandingOver] = useState(false);

  useEffect(() => {
    if (setup.state === 'idle' && !setup.data) setup.load('/card-setup/3');
  }, [setup]);
  const answer = setup.data;
  const twoC2p = answer?.ok && answer.setup.methodId === 3 ? answer.setup : null;
  const script = useProviderScript(twoC2p?.scriptUrl ?? null, () => Boolean(my2c2pOf()));
  const unavailable = answer?.ok === false || script === 'failed';

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!(await check())) return;
    const js = my2c2pOf();
    if (!js) {
      setFailure(t('card_script_failed'));
      return;
    }
    setHandingOver(true);
    // On success the script fills the hidden result fields and submits the form itself.
    js.submitForm(FORM_ID, (code, description) => {
      if (code !== 0) {
        setHandingOver(false);
        setFailure(t('card_provider_error', { description, code }));
      }
    });
  };

  return (
    <div className="ck-stack" data-testid="card-form" data-method-id="3" data-ready={script === 'ready'}>
      <form id={FORM_ID} method="post" action={`/creditcard/${order.id}`} onSubmit={submit} noValidate>
        <div className="ck-stack">
          <h2 className="pay-h2">{t('card_form_title')}</h2>
          {failure ? <CardNotice title={t('cart_fail')} description={failure} /> : null}
          {unavailable ? <CardNotice title={t('cart_fail')} description={t('card_script_failed')} /> : null}
          <CardFields idPrefix="twoc2p-card" values={values} errors={errors} onChange={change} withName={false} encrypt disabled={busy || handingOver} />
          <p className="pay-sm ck-muted">{t('card_secure_note')}</p>
          <PayButton
            type="submit"
            palette="teal"
            size="lg"
            fullWidth
            loading={busy || handingOver}
            loadingText={t('card_redirecting')}
            disabled={unavailable || script !== 'ready'}
            data-testid="card-submit"
          >
            {t('card_pay_button', { amount: formatMoney(money(order.netAmount, order.currency), locale) })}
          </PayButton>
        </div>
      </form>
      <PayButton type="button" variant="ghost" palette="teal" size="sm" onClick={() => start({})} disabled={busy || handingOver} data-testid="card-provider-page">
        {t('card_pay_on_provider_page')}
      </PayButton>
    </div>
  );
}
