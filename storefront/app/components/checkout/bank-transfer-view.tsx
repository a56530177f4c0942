/**
 * What the payment of a bank-transfer order shows: the order's totals, the PromptPay QR of its
 * exact amount, the shop's accounts and the button of the payment notification. Plain elements
 * and static classes, in the payment page's server HTML. Without handlers (before the page's
 * scripts run) its buttons are disabled.
 */
import { formatMoney, money } from '@sala/shared/money';
import { useLocale, useT } from '~/models/i18n';
import type { PaymentStep } from '~/models/checkout/types';
import { BankAccounts } from './bank-accounts';
import { ExactAmountQr } from './exact-amount-qr';
import { FormButton } from './form-button';

export function BankTransferView({ payment, onShowQr, onOpenReport }: { payment: PaymentStep; onShowQr?: (qr: { image: string; title: string }) => void; onOpenReport?: () => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      {payment.promptPay ? <ExactAmountQr payment={payment} amount={formatMoney(money(payment.netAmount, payment.currency), locale)} /> : null}
      <BankAccounts accounts={payment.bankAccounts} onShowQr={onShowQr} />
      <p className="ck-muted">{t('checkout_transfer_then_report')}</p>
      <FormButton palette="teal" size="lg" onClick={onOpenReport} disabled={!onOpenReport} data-testid="open-report">
        {t('cart_notify_payment')}
      </FormButton>
    </>
  );
}
