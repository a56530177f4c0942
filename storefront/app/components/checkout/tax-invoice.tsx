/**
 * The tax-invoice request: normal or juristic person (labels follow the type, and changing
 * it clears the typed details), the company certificate for a juristic person, the
 * delivery address, and the withholding choice (3% or 1%) that only a juristic person has.
 */
import { Checkbox, Dialog, Button, NativeSelect, Portal, RadioGroup, SimpleGrid, Stack, chakra } from '@chakra-ui/react';
import { taxInvoiceLabels } from '@sala/shared/schemas';
import { useState } from 'react';
import { useT } from '~/lib/i18n';
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
    <Stack gap="4" data-testid="checkout-tax-invoice">
      <Checkbox.Root colorPalette="teal" checked={props.requested} onCheckedChange={(event) => props.onRequestedChange(event.checked === true)} name="isRequireTaxInvoice" value="on">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('tax_invoice_request')}</Checkbox.Label>
      </Checkbox.Root>

      {props.requested ? (
        <Stack gap="4" pl={{ base: '0', md: '7' }}>
          <RadioGroup.Root
            name="taxPersonType"
            value={props.personType}
            onValueChange={(event) => event.value && props.onPersonTypeChange(event.value as PersonType)}
            aria-label={t('tax_invoice_title')}
          >
            <chakra.div display="flex" gap="6" flexWrap="wrap">
              {(['juristic_person', 'normal_person'] as const).map((type) => (
                <RadioGroup.Item key={type} value={type}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t(type === 'normal_person' ? 'tax_person_normal' : 'tax_person_juristic')}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </chakra.div>
          </RadioGroup.Root>
          {/* A new person type mounts empty inputs: the typed names, id, address, postcode and certificate are cleared. */}
          <Stack gap="4" key={props.personType}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField name="taxNameOne" label={t(labels.nameOne)} required maxLength={255} />
              <TextField name="taxNameTwo" label={t(labels.nameTwo)} required maxLength={255} />
              <TextField name="taxPayerIdentificationNo" label={t(labels.id)} required inputMode="numeric" maxLength={17} />
              <TextField name="taxPostcode" label={t('tax_label_postcode')} required inputMode="numeric" maxLength={5} />
            </SimpleGrid>
            <TextareaField name="taxAddress" label={t('tax_label_address')} required />
            {props.personType === 'juristic_person' ? (
              <FileField name="taxCompanyCertificate" label={t('tax_label_certificate')} required accept=".jpg,.jpeg,.png,.gif,.webp,.pdf" multiple />
            ) : null}
          </Stack>
          <Checkbox.Root colorPalette="teal" checked={deliverToTaxAddress} onCheckedChange={(event) => setDeliverToTaxAddress(event.checked === true)} name="taxIsDeliveryByTaxaddress" value="on">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('tax_label_delivery_same')}</Checkbox.Label>
          </Checkbox.Root>
          {!deliverToTaxAddress ? <TextareaField name="taxDeliveryAddress" label={t('tax_label_delivery_address')} required /> : null}
        </Stack>
      ) : null}

      {props.withholdingEnabled ? (
        <Stack gap="2" data-testid="checkout-withholding">
          <Checkbox.Root colorPalette="teal" checked={props.withholding} onCheckedChange={(event) => chooseWithholding(event.checked === true)} name="isWithholding" value="on" invalid={Boolean(withholdingError)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('cart_withholding_request')}</Checkbox.Label>
          </Checkbox.Root>
          {props.withholding ? (
            <NativeSelect.Root size="sm" maxW="40" pl="7">
              <NativeSelect.Field
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
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          ) : null}
          {withholdingError ? (
            <chakra.p color="fg.error" fontSize="sm" role="alert">
              {withholdingError}
            </chakra.p>
          ) : (
            <chakra.p color="fg.muted" fontSize="sm">
              {t('cart_withholding_juristic_only')}
            </chakra.p>
          )}
        </Stack>
      ) : null}

      <Dialog.Root open={askPersonType} onOpenChange={(event) => setAskPersonType(event.open)} placement="center" role="alertdialog">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content data-testid="tax-person-dialog">
              <Dialog.Header>
                <Dialog.Title>{t('tax_modal_title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{t('tax_change_person_type_confirm')}</Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{t('button_cancel')}</Button>
                </Dialog.ActionTrigger>
                <Button
                  colorPalette="teal"
                  onClick={() => {
                    props.onRequestedChange(true);
                    props.onPersonTypeChange('juristic_person');
                    props.onWithholdingChange(true);
                    setAskPersonType(false);
                  }}
                >
                  {t('tax_change_person_type')}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
