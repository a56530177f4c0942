/**
 * The shop's payment methods as the checkout, the cart and the payment step show them: upload
 * URLs made absolute, bank transfer with its accounts, and disabled while no account is
 * complete (a buyer cannot pick a method that cannot be paid).
 */
import { PAYMENT_METHOD_IDS } from '@sala/shared/constants';
import { isBankTransferAvailable } from '@sala/shared/payments';
import type { BankAccountView, PaymentMethodView } from '~/models/checkout/types';
import { toPublicAssetUrl } from './cms.server';
import type { WireBankAccount, WirePaymentMethod } from './cms-schemas.server';

/** One of the shop's bank accounts, its PromptPay picture at its public address. */
export function bankAccountView(account: WireBankAccount): BankAccountView {
  return {
    id: account.id,
    accountId: account.account_id,
    accountName: account.account_name,
    bankName: account.bank_name,
    bankCode: account.bank_code,
    promptPayImage: toPublicAssetUrl(account.prompt_pay_image),
  };
}

/** A payment method as the pickers show it; bank transfer carries its accounts. */
export function paymentMethodView(method: WirePaymentMethod): PaymentMethodView {
  const isBank = method.id === PAYMENT_METHOD_IDS.BANK_TRANSFER;
  const accounts = isBank ? (method.bankList ?? []) : null;
  return {
    id: method.id,
    name: method.name,
    description: method.description,
    paymentType: method.payment_type,
    logoUrl: toPublicAssetUrl(method.logoUrl),
    bankAccounts: accounts ? accounts.map(bankAccountView) : null,
    disabled: isBank && !isBankTransferAvailable(accounts),
  };
}

/** The shop's bank accounts from the list of methods (none when bank transfer is off). */
export function bankAccountsOf(methods: readonly WirePaymentMethod[]): BankAccountView[] {
  return (methods.find((candidate) => candidate.id === PAYMENT_METHOD_IDS.BANK_TRANSFER)?.bankList ?? []).map(bankAccountView);
}
