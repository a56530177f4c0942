/**
 * The cart's tax invoice (spec sections 2, 4 and 5): ask for one as a normal or a juristic
 * person, with the details saved on the student's account (shown here, or entered in the
 * stand-alone tax modal), and withholding tax, which only a juristic person may deduct:
 * ticking it without juristic details on file asks to change the person type, then opens the
 * modal. The fields post with the cart form; the order is priced by the CMS from the account.
 */
import { Button, Checkbox, RadioGroup, Stack, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { WithholdingChoice, WithholdingTaxModal } from '~/components/payment/tax-withholding';
import { useT } from '~/models/i18n';
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

  return (
    <Stack gap="4" data-testid="cart-tax-invoice">
      <Checkbox.Root colorPalette="teal" checked={props.requested} onCheckedChange={(event) => props.onRequestedChange(event.checked === true)} name="isRequireTaxInvoice" value="on">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('tax_invoice_request')}</Checkbox.Label>
      </Checkbox.Root>

      {props.requested ? (
        <Stack gap="3" pl={{ base: '0', md: '7' }}>
          <RadioGroup.Root
            name="taxPersonType"
            value={props.personType}
            onValueChange={(event) => event.value && props.onPersonTypeChange(event.value as TaxPersonType)}
            aria-label={t('tax_invoice_title')}
            colorPalette="teal"
          >
            <chakra.div display="flex" gap="6" flexWrap="wrap">
              {(['juristic_person', 'normal_person'] as const).map((type) => (
                <RadioGroup.Item key={type} value={type} data-testid="tax-person-type" data-value={type}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t(type === 'normal_person' ? 'tax_person_normal' : 'tax_person_juristic')}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </chakra.div>
          </RadioGroup.Root>
          <chakra.div display="flex" flexWrap="wrap" alignItems="center" gap="3">
            <chakra.p fontSize="sm" flex="1 1 16rem" overflowWrap="anywhere" color={detailsOnFile ? undefined : 'fg.error'} data-testid={detailsOnFile ? 'tax-invoice-on-file' : 'tax-invoice-missing'}>
              {detailsOnFile ? t('cart_tax_on_file', { name: onFile.name, taxId: onFile.taxId }) : t('cart_tax_details_missing', { type: typeLabel })}
            </chakra.p>
            <Button type="button" size="sm" variant="outline" colorPalette="teal" onClick={() => setModalOpen(true)} data-testid="tax-invoice-edit">
              {t(detailsOnFile ? 'cart_tax_edit_details' : 'cart_tax_enter_details')}
            </Button>
          </chakra.div>
          <WithholdingTaxModal key={props.personType} open={modalOpen} personType={props.personType} onClose={() => setModalOpen(false)} onSaved={() => setModalOpen(false)} />
        </Stack>
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
    </Stack>
  );
}
