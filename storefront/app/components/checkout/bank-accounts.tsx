/**
 * The shop's bank accounts, each with a button that shows its PromptPay picture. Plain elements:
 * the payment page draws them in its server HTML; without `onShowQr` (before the page's scripts
 * run) the buttons are disabled.
 */
import { useT } from '~/models/i18n';
import type { PaymentMethodView } from '~/models/checkout/types';
import { FormButton } from './form-button';

export function BankAccounts({ accounts, onShowQr }: { accounts: NonNullable<PaymentMethodView['bankAccounts']>; onShowQr?: (qr: { image: string; title: string }) => void }) {
  const t = useT();
  return (
    <div className="ck-bank" data-testid="bank-accounts">
      <p className="ck-strong ck-gap-bottom">{t('cart_bank_accounts')}</p>
      <ul className="ck-bank-list">
        {accounts.map((account) => (
          <li key={account.id} className="ck-bank-account">
            <span className="ck-min-0">
              <span className="ck-block-line ck-strong">{account.bankName}</span>
              <span className="ck-block-line" data-testid="bank-account-number">
                {account.accountId}
              </span>
              <span className="ck-block-line ck-muted">{account.accountName}</span>
            </span>
            {account.promptPayImage ? (
              <FormButton
                size="xs"
                variant="outline"
                palette="teal"
                type="button"
                disabled={!onShowQr}
                onClick={() =>
                  onShowQr?.({
                    image: account.promptPayImage!,
                    title: `${t('cart_bank_qr')} · ${account.bankName}`,
                  })
                }
              >
                {t('cart_bank_qr')}
              </FormButton>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
