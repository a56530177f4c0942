/** The payment methods to pick from, the shop's bank accounts and their PromptPay QR. */
import { lazy, Suspense, useState } from 'react';
import { useT } from '~/models/i18n';
import type { PaymentMethodView } from '~/models/checkout/types';
import { useFieldError } from './form-fields';
import { BankAccounts } from './bank-accounts';
import { useOpenedOnce } from './opened-once';
import type { QrPicture } from './qr-dialog';

// a Chakra dialog: loaded when a QR is first asked for, so the cart's first screen does without Chakra (ADR 215)
const QrDialog = lazy(() => import('./qr-dialog'));

/** Payment methods; the first selectable one starts selected. Bank transfer shows its accounts and their PromptPay QR. */
export function PaymentMethods({ methods, value, onChange }: { methods: PaymentMethodView[]; value: number | null; onChange: (methodId: number) => void }) {
  const t = useT();
  const error = useFieldError('paymentMethodId');
  const [qr, setQr] = useState<QrPicture | null>(null);
  const qrMounted = useOpenedOnce(Boolean(qr));
  const selected = methods.find((method) => method.id === value) ?? null;
  return (
    <div className="ck-stack-3" data-testid="payment-methods">
      <div className="ck-methods" role="radiogroup">
        {methods.map((method) => (
          <label key={method.id} className="ck-check ck-check-top ck-option ck-method" data-testid="payment-method" data-method-id={method.id}>
            <input className="ck-radio" type="radio" name="paymentMethodId" value={String(method.id)} checked={value === method.id} disabled={method.disabled} onChange={() => onChange(method.id)} />
            <span>
              <span className="ck-block-line ck-strong">{method.name}</span>
              {method.disabled ? (
                <span className="ck-method-description ck-warn">{t('cart_bank_transfer_unavailable')}</span>
              ) : method.description ? (
                <span className="ck-method-description">{method.description}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      {error.error ? (
        <p className="ck-error-sm" role="alert">
          {error.error}
        </p>
      ) : null}
      {selected?.bankAccounts && !selected.disabled ? <BankAccounts accounts={selected.bankAccounts} onShowQr={setQr} /> : null}
      {qrMounted ? (
        <Suspense fallback={null}>
          <QrDialog qr={qr} onClose={() => setQr(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
