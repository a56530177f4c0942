/**
 * The cart's tax invoice (spec sections 2, 4 and 5): ask for one as a normal or a juristic
 * person, with the details saved on the student's account (shown here, or entered in the
 * stand-alone tax modal), and withholding tax, which only a juristic person may deduct:
 * ticking it without juristic details on file asks to change the person type, then opens the
 * modal. The fields post with the cart form; the order is priced by the CMS from the account.
 * Native controls with the classes of styles/checkout.css; the modal (Chakra) loads when it
 * first opens (ADR 215).
 */
import { Suspense, useState } from 'react';
import { FormButton } from '~/components/checkout/form-button';
import { useOpenedOnce } from '~/components/checkout/opened-once';
import { useT } from '~/models/i18n';
import { WithholdingTaxModal } from './tax-dialogs';
import { WithholdingChoice } from './withholding-choice';
import type { CartTax, TaxPersonType } from '~/models/cart/cart-pricing';

type Props = {
  tax: CartTax;
  requested: boolean;
  onRequestedChange: (requested: boolean) => void;
  personType: TaxPersonType;
  onPersonTypeChange: (personType: TaxPersonType) => void;
  withholding: boolean;
  onWithholdingChange: (withholding: boolean) => void;
  percent: 3 | 1;
  onPercentChange: (percent: 3 | 1) => void;
};

export function CartTaxInvoice(props: Props) {
  const t = useT();
  const [modalOpen, setModalOpen] = useState(false);
  const { onFile } = props.tax;
  const detailsOnFile = onFile !== null && onFile.personType === props.personType;
  const typeLabel = t(props.personType === 'normal_person' ? 'tax_person_normal' : 'tax_person_juristic');

  const modalMounted = useOpenedOnce(modalOpen);

  return (
    <div className="ck-stack" data-testid="cart-tax-invoice">
      <label className="ck-check">
        <input className="ck-box" type="checkbox" name="isRequireTaxInvoice" value="on" checked={props.requested} onChange={(event) => props.onRequestedChange(event.currentTarget.checked)} />
        {t('tax_invoice_request')}
      </label>

      {props.requested ? (
        <div className="ck-stack-3 cart-tax-indent">
          <div className="cart-choices" role="radiogroup" aria-label={t('tax_invoice_title')}>
            {(['juristic_person', 'normal_person'] as const).map((type) => (
              <label key={type} className="ck-check" data-testid="tax-person-type" data-value={type}>
                <input className="ck-radio" type="radio" name="taxPersonType" value={type} checked={props.personType === type} onChange={() => props.onPersonTypeChange(type)} />
                {t(type === 'normal_person' ? 'tax_person_normal' : 'tax_person_juristic')}
              </label>
            ))}
          </div>
          <div className="cart-head cart-center">
            <p
              className={detailsOnFile ? 'cart-sm cart-grow cart-tax-line' : 'cart-sm cart-grow cart-tax-line ck-error-text'}
              data-testid={detailsOnFile ? 'tax-invoice-on-file' : 'tax-invoice-missing'}
            >
              {detailsOnFile ? t('cart_tax_on_file', { name: onFile.name, taxId: onFile.taxId }) : t('cart_tax_details_missing', { type: typeLabel })}
            </p>
            <FormButton size="sm" variant="outline" palette="teal" onClick={() => setModalOpen(true)} data-testid="tax-invoice-edit">
              {t(detailsOnFile ? 'cart_tax_edit_details' : 'cart_tax_enter_details')}
            </FormButton>
          </div>
          {modalMounted ? (
            <Suspense fallback={null}>
              <WithholdingTaxModal key={props.personType} open={modalOpen} personType={props.personType} onClose={() => setModalOpen(false)} onSaved={() => setModalOpen(false)} />
            </Suspense>
          ) : null}
        </div>
      ) : null}

      {props.tax.withholdingEnabled ? (
        <WithholdingChoice
          juristicOnFile={onFile?.personType === 'juristic_person'}
          checked={props.withholding}
          onCheckedChange={props.onWithholdingChange}
          percent={props.percent}
          percents={props.tax.withholdingPercents}
          onPercentChange={(percent) => props.onPercentChange(percent === 1 ? 1 : 3)}
        />
      ) : null}
    </div>
  );
}
