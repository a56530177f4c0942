/** The payment methods to pick from, the shop's bank accounts and their PromptPay QR. */
import { Button, CloseButton, Dialog, Image, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { useT } from '~/models/i18n';
import type { PaymentMethodView } from '~/models/checkout/types';
import { useFieldError } from './form-fields';
import { BankAccounts } from './bank-accounts';
import { useOpenedOnce } from './opened-once';

/** Payment methods; the first selectable one starts selected. Bank transfer shows its accounts and their PromptPay QR. */
export function PaymentMethods({ methods, value, onChange }: { methods: PaymentMethodView[]; value: number | null; onChange: (methodId: number) => void }) {
  const t = useT();
  const error = useFieldError('paymentMethodId');
  const [qr, setQr] = useState<{ image: string; title: string } | null>(null);
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
      <QrDialog qr={qr} onClose={() => setQr(null)} />
    </div>
  );
}

/** The account's PromptPay picture in a modal half the screen wide. */
export function QrDialog({ qr, onClose }: { qr: { image: string; title: string } | null; onClose: () => void }) {
  const t = useT();
  const mounted = useOpenedOnce(Boolean(qr));
  if (!mounted) return null;
  return (
    <Dialog.Root open={Boolean(qr)} onOpenChange={(event) => !event.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content w={{ base: '90%', md: '50%' }} maxW="none" data-testid="qr-dialog">
            <Dialog.Header>
              <Dialog.Title>{qr?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" justifyContent="center">
              {qr ? <Image src={qr.image} alt={qr.title} maxW="full" h="auto" /> : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('button_close')}</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
