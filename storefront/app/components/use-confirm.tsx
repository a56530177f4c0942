import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useOpenedOnce } from '~/components/checkout/opened-once';
import { useT } from '~/models/i18n';

// a Chakra dialog: loaded when the first question is asked, so pages drawn without Chakra stay so (ADR 215)
const ConfirmDialog = lazy(() => import('./confirm-dialog'));

/**
 * A question asked before an action: `ask(message, onConfirm)` opens the dialog (`dialog`, to be
 * rendered once by the caller); the action runs only when the student confirms.
 */
export function useConfirm(): { ask: (message: string, onConfirm: () => void) => void; dialog: ReactNode } {
  const t = useT();
  const [pending, setPending] = useState<{ message: string; onConfirm: () => void } | null>(null);
  const mounted = useOpenedOnce(pending !== null);
  const dialog = mounted ? (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={pending !== null}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          pending?.onConfirm();
          setPending(null);
        }}
        title={t('button_confirm')}
        testId="confirm-dialog"
      >
        {pending?.message}
      </ConfirmDialog>
    </Suspense>
  ) : null;
  return { ask: (message, onConfirm) => setPending({ message, onConfirm }), dialog };
}
