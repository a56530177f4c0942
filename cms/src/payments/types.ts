/**
 * The one interface every payment provider adapter implements. Adapters are
 * plain TypeScript over `fetch`: they know the provider's protocol and nothing
 * of Strapi, so order settlement can call them and tests can run them alone.
 */
import type { Money } from '@sala/shared/money';
import type { PaymentMethodId } from '@sala/shared/constants';

/** The order being paid, as settlement hands it over. `amount` is what the buyer pays now. */
export type PaymentOrder = {
  id: number;
  token: string;
  amount: Money;
  description: string;
  email: string;
  name: string;
};

/** A bank account shown for bank transfer; a PromptPay id adds a QR with the exact amount. */
export type BankAccount = {
  bankName: string;
  accountId: string;
  accountName: string;
  branch?: string;
  /** Mobile number (10 digits), national or tax id (13) or e-wallet id (15). */
  promptPayId?: string;
};

/**
 * One payment method's settings, read from the payment method record. Switching
 * from the local sandbox to the real provider is a change of these values only:
 * real keys, `production: true` and no `baseUrls`.
 */
export type PaymentConfig = {
  /** The public half: merchant id, client id, public key or application key. May reach the browser. */
  applicationId1: string;
  /** The secret half: signing key, client secret or secret key. Never leaves the server. */
  applicationId2: string;
  /** Chooses the provider's production hosts over its test hosts. */
  production: boolean;
  /** Per-adapter overrides of the provider hosts (a local sandbox); keys are listed in docs/payments.md. */
  baseUrls?: Readonly<Record<string, string>>;
  /** Verifies notifications: Omise webhook secret (base64), Xendit callback token. */
  webhookSecret?: string;
  /** A second secret where the provider issues one (PaySolutions `apikey`). Never leaves the server. */
  apiKey?: string;
  /** Where the browser comes back after paying. `{orderToken}` and `{orderId}` are filled in. */
  returnUrl?: string;
  /** Where the browser goes after cancelling or failing; defaults to `returnUrl`. */
  cancelUrl?: string;
  /** Where the provider notifies the server, for providers that take it per request. */
  callbackUrl?: string;
  /** Provider-specific, non-secret settings (SCB `billerId`, 2C2P `interestType`, ...). */
  settings?: Readonly<Record<string, string>>;
  /** Bank transfer only. */
  bankAccounts?: readonly BankAccount[];
};

/** What the browser must do next. Nothing in it is secret. */
export type BrowserAction =
  | { kind: 'redirect'; url: string }
  /** An auto-submitted POST form. */
  | { kind: 'form'; action: string; fields: Record<string, string> }
  | { kind: 'qr'; imageDataUrl: string; payload?: string; expiresAt: string | null }
  | { kind: 'modal'; data: Record<string, unknown> };

export type StartResult = {
  /** The provider-side key of this payment attempt; settlement stores it on the attempt record. */
  providerReference: string;
  browser: BrowserAction;
};

/** Adapter-specific input from the browser: Omise `token`, 2C2P `encryptedCardInfo`, `installmentPeriod`. */
export type StartExtra = Readonly<Record<string, string | undefined>>;

/** An incoming provider notification or browser return, as the controller received it. */
export type CallbackRequest = {
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The body exactly as received; signatures are computed over it. */
  rawBody: string;
  /** The parsed body, if the framework parsed it; adapters fall back to `rawBody`. */
  body?: unknown;
  query?: Readonly<Record<string, string | readonly string[] | undefined>>;
};

export type PaymentOutcome = 'approved' | 'rejected' | 'pending';

/**
 * The provider's word on one attempt. Settlement must still compare `amount`
 * with the order it holds for `providerReference`, and dedupe on
 * `providerTransactionId`: notifications can repeat and arrive out of order.
 */
export type PaymentStatus =
  | {
      ok: true;
      providerReference: string;
      outcome: 'approved';
      amount: Money;
      providerTransactionId: string | null;
      raw: unknown;
    }
  | {
      ok: true;
      providerReference: string;
      /**
       * The provider says paid but leaves out what settlement must compare before it
       * approves (the currency): the attempt waits for the shop's review, never approved.
       */
      outcome: 'review';
      reviewReason: 'currency_missing';
      amount: null;
      providerTransactionId: string | null;
      raw: unknown;
    }
  | {
      ok: true;
      providerReference: string;
      outcome: 'rejected' | 'pending';
      /** Null when the provider does not say (an unpaid PaySolutions or SCB reference). */
      amount: Money | null;
      providerTransactionId: string | null;
      raw: unknown;
    };

export type PaymentRefusal = { ok: false; reason: string };

/** What the controller answers the provider with (SCB requires a specific body). */
export type CallbackReply = { status: number; contentType: string; body: string };

export type VerifyResult = (PaymentStatus | PaymentRefusal) & { reply: CallbackReply };

export type InquiryResult = PaymentStatus | PaymentRefusal;

export type ProviderName = 'bank-transfer' | 'paypal' | '2c2p' | 'scb' | 'omise' | 'xendit' | 'paysolutions';

export type PaymentAdapter = {
  methodId: PaymentMethodId;
  provider: ProviderName;
  /** Creates the attempt at the provider and says what the browser must do. Throws {@link PaymentError}. */
  startPayment(order: PaymentOrder, config: PaymentConfig, extra?: StartExtra): Promise<StartResult>;
  /**
   * Checks a notification or browser return (signature, token) and says what it
   * means. Unsigned messages are only a hint: the answer then comes from `inquire`.
   * Throws {@link PaymentError} only when the provider cannot be reached, so the
   * controller answers 5xx and the provider retries.
   */
  verifyCallback(request: CallbackRequest, config: PaymentConfig): Promise<VerifyResult>;
  /**
   * The attempt reference a notification or browser return names, read without
   * trusting it: settlement finds that attempt first and then verifies the message
   * with the attempt's own payment method (`verifyCallback`). Null when it names none.
   */
  referenceOf(request: CallbackRequest): string | null;
  /** Asks the provider for the current status and amount of an attempt. */
  inquire(providerReference: string, config: PaymentConfig): Promise<InquiryResult>;
};

export type PaymentErrorCode = 'BELOW_MINIMUM' | 'ABOVE_MAXIMUM' | 'UNSUPPORTED_CURRENCY' | 'INVALID_INPUT' | 'MISCONFIGURED' | 'PROVIDER_REJECTED' | 'PROVIDER_UNAVAILABLE';

/** A payment that cannot start or a provider that cannot be reached; `providerCode` is the provider's own code. */
export class PaymentError extends Error {
  readonly code: PaymentErrorCode;
  readonly providerCode?: string;

  constructor(code: PaymentErrorCode, message: string, providerCode?: string) {
    super(message);
    this.name = 'PaymentError';
    this.code = code;
    this.providerCode = providerCode;
  }
}
