/** The shop's PromptPay QR of the order's exact amount, beside the bank accounts; the CMS made it from the stored order. */
import { useT } from '~/models/i18n';
import type { PaymentStep } from '~/models/checkout/types';

export function ExactAmountQr({ payment, amount }: { payment: PaymentStep; amount: string }) {
  const t = useT();
  if (!payment.promptPay) return null;
  return (
    <div className="ck-bank ck-promptpay" data-testid="promptpay-exact">
      <img className="ck-promptpay-qr" src={`/pay/${payment.orderId}/promptpay.svg`} alt={t('payment_qr_image_alt', { amount })} width={200} height={200} fetchPriority="high" />
      <div className="ck-min-0">
        <p className="ck-strong">{t('payment_promptpay_exact_title')}</p>
        <p className="ck-bold ck-promptpay-amount" data-testid="promptpay-amount">
          {amount}
        </p>
        <p className="ck-small ck-muted">{t('payment_promptpay_exact_to', { id: payment.promptPay.promptPayId })}</p>
        <p className="ck-small">{t('payment_promptpay_exact_hint', { amount, id: payment.orderId })}</p>
      </div>
    </div>
  );
}
