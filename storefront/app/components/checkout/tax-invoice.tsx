/**
 * The tax-invoice request: normal or juristic person (labels follow the type, and changing
 * it clears the typed details), the company certificate for a juristic person, the
 * delivery address, and the withholding choice (3% or 1%) that only a juristic person has.
 */
import { ConfirmDialog } from '~/components/confirm-dialog';
import { taxInvoiceLabels } from '@sala/shared/schemas';
import { useState } from 'react';
import { useT } from '~/models/i18n';
import { FileField, TextareaField, TextField, useFieldError } from './form-fields';

export type PersonType = 'normal_person' | 'juristic_person';

type TaxInvoiceProps = {
  requested: boolean;
  onRequestedChange: (requested: boolean) => void;
  personType: PersonType;
  onPersonTypeChange: (personType: PersonType) => void;
  withholdingEnabled: boolean;
  withholding: boolean;
  onWithholdingChange: (withholding: boolean) => void;
  withholdingPercent: 3 | 1;
  onWithholdingPercentChange: (percent: 3 | 1) => void;
  withholdingPercents: (3 | 1)[];
};

export function TaxInvoice(props: TaxInvoiceProps) {
  const t = useT();
  const [deliverToTaxAddress, setDeliverToTaxAddress] = useState(true);
  const [askPersonType, setAskPersonType] = useState(false);
  const labels = taxInvoiceLabels(props.personType);
  const withholdingError = useFieldError('isWithholding').error;

  const chooseWithholding = (checked: boolean) => {
    if (checked && (!props.requested || props.personType !== 'juristic_person')) {
      // Withholding needs a juristic-person tax invoice: ask before switching.
      setAskPersonType(true);
      return;
    }
    props.onWithholdingChange(checked);
  };

  return (
    <div className="ck-stack" data-testid="checkout-tax-invoice">
      <label className="ck-check">
        <input className="ck-box" type="checkbox" name="isRequireTaxInvoice" value="on" checked={props.requested} onChange={(event) => props.onRequestedChange(event.currentTarget.checked)} />
        <span>{t('tax_invoice_request')}</span>
      </label>

      {props.requested ? (
        <div className="ck-stack ck-indent">
          <div className="ck-choices-row" role="radiogroup" aria-label={t('tax_invoice_title')}>
            {(['juristic_person', 'normal_person'] as const).map((type) => (
              <label key={type} className="ck-check ck-neutral">
                <input className="ck-radio" type="radio" name="taxPersonType" value={type} checked={props.personType === type} onChange={() => props.onPersonTypeChange(type)} />
                <span>{t(type === 'normal_person' ? 'tax_person_normal' : 'tax_person_juristic')}</span>
              </label>
            ))}
          </div>
          {/* A new person type mounts empty inputs: the typed names, id, address, postcode and certificate are cleared. */}
          <div className="ck-stack" key={props.personType}>
            <div className="ck-grid-2">
              <TextField name="taxNameOne" label={t(labels.nameOne)} required maxLength={255} />
              <TextField name="taxNameTwo" label={t(labels.nameTwo)} required maxLength={255} />
              <TextField name="taxPayerIdentificationNo" label={t(labels.id)} required inputMode="numeric" maxLength={17} />
              <TextField name="taxPostcode" label={t('tax_label_postcode')} required inputMode="numeric" maxLength={5} />
            </div>
            <TextareaField name="taxAddress" label={t('tax_label_address')} required />
            {props.personType === 'juristic_person' ? <FileField name="taxCompanyCertificate" label={t('tax_label_certificate')} required accept=".jpg,.jpeg,.png,.gif,.webp,.pdf" multiple /> : null}
          </div>
          <label className="ck-check">
            <input
              className="ck-box"
              type="checkbox"
              name="taxIsDeliveryByTaxaddress"
              value="on"
              checked={deliverToTaxAddress}
              onChange={(event) => setDeliverToTaxAddress(event.currentTarget.checked)}
            />
            <span>{t('tax_label_delivery_same')}</span>
          </label>
          {!deliverToTaxAddress ? <TextareaField name="taxDeliveryAddress" label={t('tax_label_delivery_address')} required /> : null}
        </div>
      ) : null}

      {props.withholdingEnabled ? (
        <div className="ck-stack-2" data-testid="checkout-withholding">
          <label className="ck-check">
            <input
              className="ck-box"
              type="checkbox"
              name="isWithholding"
              value="on"
              checked={props.withholding}
              onChange={(event) => chooseWithholding(event.currentTarget.checked)}
              aria-invalid={withholdingError ? true : undefined}
            />
            <span>{t('cart_withholding_request')}</span>
          </label>
          {props.withholding ? (
            <div className="ck-indent-always">
              <select
                className="ck-select ck-select-sm"
                name="withholdingPercent"
                aria-label={t('cart_withholding', { rate: '' }).trim()}
                value={String(props.withholdingPercent)}
                onChange={(event) => props.onWithholdingPercentChange(Number(event.currentTarget.value) === 1 ? 1 : 3)}
              >
                {props.withholdingPercents.map((percent) => (
                  <option key={percent} value={percent}>
                    {percent}%
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {withholdingError ? (
            <p className="ck-error-sm" role="alert">
              {withholdingError}
            </p>
          ) : (
            <p className="ck-muted ck-small">{t('cart_withholding_juristic_only')}</p>
          )}
        </div>
      ) : null}

      <ConfirmDialog
        open={askPersonType}
        onCancel={() => setAskPersonType(false)}
        onConfirm={() => {
          props.onRequestedChange(true);
          props.onPersonTypeChange('juristic_person');
          props.onWithholdingChange(true);
          setAskPersonType(false);
        }}
        title={t('tax_modal_title')}
        confirmLabel={t('tax_change_person_type')}
        testId="tax-person-dialog"
      >
        {t('tax_change_person_type_confirm')}
      </ConfirmDialog>
    </div>
  );
}
