/**
 * The fields of the transfer report, shared by the report's modal and its plain form (for a
 * browser without script). Plain elements and static classes.
 */
import type { PaymentStep } from '~/models/checkout/types';
import { useT } from '~/models/i18n';
import { FileField, FieldShell, useFieldError } from './form-fields';

export type ReportFetcherData = {
  intent: 'report';
  lastResult: {
    status?: 'success' | 'error';
    error?: Record<string, string[] | null> | null;
  };
  reported?: { redirectTo: string; delayMs: number };
};

/** Today and now in Bangkok, as the date and time inputs take them. */
export function bangkokNow(): { date: string; time: string } {
  const local = new Date(Date.now() + 7 * 3600e3).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 19) };
}

type ControlIds = { id: string; required?: true; 'aria-invalid'?: true; 'aria-describedby'?: string };

function ReportField({ name, label, required, children }: { name: string; label: string; required?: boolean; children: (ids: ControlIds) => React.ReactNode }) {
  const field = useFieldError(name);
  const ids: ControlIds = { id: field.id, required: required ? true : undefined, 'aria-invalid': field.error ? true : undefined, 'aria-describedby': field.error ? field.errorId : undefined };
  return (
    <FieldShell name={name} label={label} required={required} field={field}>
      {children(ids)}
    </FieldShell>
  );
}

/** The fields of the transfer report, shared by the modal and the plain form. */
export function ReportFields({ payment, defaults, amount, formErrors }: { payment: PaymentStep; defaults: { date: string; time: string }; amount: string; formErrors: string[] | undefined }) {
  const t = useT();
  return (
    <div className="ck-stack">
      <div className="ck-grid-2">
        <ReportField name="contactName" label={t('report_contact_name')}>
          {(ids) => <input className="ck-input" {...ids} name="contactName" defaultValue={payment.contactName} maxLength={255} />}
        </ReportField>
        <ReportField name="transferAmount" label={t('report_transfer_amount')} required={payment.netAmount !== 0}>
          {(ids) => (
            <input
              className="ck-input"
              {...ids}
              name="transferAmount"
              inputMode="decimal"
              defaultValue={amount}
              // numeric text only
              onInput={(event) => {
                const input = event.currentTarget;
                const cleaned = input.value.replace(/[^\d.]/g, '');
                if (cleaned !== input.value) input.value = cleaned;
              }}
            />
          )}
        </ReportField>
        <ReportField name="bankCode" label={t('report_origin_bank')} required>
          {(ids) => (
            <select className="ck-select" {...ids} name="bankCode" defaultValue="">
              <option value="">{t('select_placeholder')}</option>
              {payment.originBanks.map((bank) => (
                <option key={bank.value} value={bank.value}>
                  {bank.name}
                </option>
              ))}
            </select>
          )}
        </ReportField>
        <ReportField name="bankAccount" label={t('report_bank_account')} required>
          {(ids) => (
            <select className="ck-select" {...ids} name="bankAccount" defaultValue={payment.bankAccounts.length === 1 ? String(payment.bankAccounts[0].id) : ''}>
              <option value="">{t('select_placeholder')}</option>
              {payment.bankAccounts.map((account) => (
                <option key={account.id} value={String(account.id)}>
                  {account.bankName} {account.accountId}
                </option>
              ))}
            </select>
          )}
        </ReportField>
        <ReportField name="transferDate" label={t('report_transfer_date')} required>
          {(ids) => <input className="ck-input" {...ids} name="transferDate" type="date" defaultValue={defaults.date} />}
        </ReportField>
        <ReportField name="transferTime" label={t('report_transfer_time')} required>
          {(ids) => <input className="ck-input" {...ids} name="transferTime" type="time" step={1} defaultValue={defaults.time} />}
        </ReportField>
      </div>
      <FileField name="slip" label={t('report_slip')} required={payment.slipRequired && payment.netAmount !== 0} accept=".jpg,.jpeg,.png,.gif,.webp,.pdf" multiple hint={t('upload_picture_hint')} />
      <ReportField name="description" label={t('report_description')}>
        {(ids) => <textarea className="ck-textarea" {...ids} name="description" rows={2} maxLength={1000} />}
      </ReportField>
      {formErrors?.length ? (
        <p className="ck-error-text" role="alert" data-testid="report-error">
          {formErrors[0]}
        </p>
      ) : null}
    </div>
  );
}
