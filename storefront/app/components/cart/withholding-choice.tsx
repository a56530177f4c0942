/**
 * The withholding choice of a signed-in buyer's order: ticking it with a juristic-person tax
 * invoice on file just ticks; without one it asks to change the person type, then takes the
 * details in the modal. Posts `isWithholding` and `withholdingPercent` with the host form.
 * Native controls with the classes of styles/checkout.css; the two dialogs (Chakra) load when
 * one first opens (ADR 215).
 */
import { Suspense, useEffect, useState } from 'react';
import { useOpenedOnce } from '~/components/checkout/opened-once';
import { useT } from '~/models/i18n';
import { ChangePersonTypeDialog, WithholdingTaxModal } from './tax-dialogs';

export function WithholdingChoice({
  juristicOnFile,
  checked,
  onCheckedChange,
  percent,
  percents,
  onPercentChange,
}: {
  juristicOnFile: boolean;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  percent: number;
  percents: readonly number[];
  onPercentChange: (percent: number) => void;
}) {
  const t = useT();
  const [juristic, setJuristic] = useState(juristicOnFile);
  const [step, setStep] = useState<'none' | 'ask' | 'form'>('none');
  useEffect(() => setJuristic(juristicOnFile), [juristicOnFile]);
  // both from the first question on: the modal opens in the same render as the question closes, as one hand-over
  const dialogsMounted = useOpenedOnce(step !== 'none');

  const choose = (next: boolean) => {
    if (next && !juristic) {
      setStep('ask');
      return;
    }
    onCheckedChange(next);
  };

  return (
    <div className="ck-stack-2" data-testid="withholding-choice" data-juristic={juristic}>
      <label className="ck-check">
        <input className="ck-box" type="checkbox" name="isWithholding" value="on" checked={checked} onChange={(event) => choose(event.currentTarget.checked)} />
        {t('cart_withholding_request')}
      </label>
      {checked ? (
        <select
          className="ck-select ck-select-sm cart-indent"
          name="withholdingPercent"
          aria-label={t('cart_withholding', { rate: '' }).replace(/\s*%$/, '')}
          value={String(percent)}
          onChange={(event) => onPercentChange(Number(event.currentTarget.value))}
        >
          {percents.map((option) => (
            <option key={option} value={option}>
              {option}%
            </option>
          ))}
        </select>
      ) : null}
      <p className={juristic ? 'cart-sm ck-good' : 'cart-sm ck-muted'}>{juristic ? t('tax_withholding_ready') : t('cart_withholding_juristic_only')}</p>
      {dialogsMounted ? (
        <Suspense fallback={null}>
          <ChangePersonTypeDialog open={step === 'ask'} onCancel={() => setStep('none')} onConfirm={() => setStep('form')} />
          <WithholdingTaxModal
            open={step === 'form'}
            onClose={() => setStep('none')}
            onSaved={() => {
              setJuristic(true);
              setStep('none');
              onCheckedChange(true);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
