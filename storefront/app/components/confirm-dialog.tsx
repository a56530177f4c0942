import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useOpenedOnce } from '~/components/checkout/opened-once';
import { useT } from '~/models/i18n';

export type ConfirmDialogProps = {
  open: boolean;
  /** Called when the dialog is closed without confirming (Cancel, Escape, the backdrop). */
  onCancel: () => void;
  onConfirm: () => void;
  title: ReactNode;
  children: ReactNode;
  /** The confirm button's label; "Confirm" by default. */
  confirmLabel?: ReactNode;
  testId: string;
  confirmTestId?: string;
};

/** An alert dialog asking to confirm one action: a title, a body, Cancel and the action. Mounted from its first opening. */
export function ConfirmDialog({ open, onCancel, onConfirm, title, children, confirmLabel, testId, confirmTestId }: ConfirmDialogProps) {
  const t = useT();
  const mounted = useOpenedOnce(open);
  if (!mounted) return null;
  return (
    <Dialog.Root open={open} onOpenChange={(event) => !event.open && onCancel()} placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button type="button" variant="outline">
                  {t('button_cancel')}
                </Button>
              </Dialog.ActionTrigger>
              <Button type="button" colorPalette="teal" onClick={onConfirm} data-testid={confirmTestId}>
                {confirmLabel ?? t('button_confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * A question asked before an action: `ask(message, onConfirm)` opens the dialog (`dialog`, to be
 * rendered once by the caller); the action runs only when the student confirms.
 */
export function useConfirm(): { ask: (message: string, onConfirm: () => void) => void; dialog: ReactNode } {
  const t = useT();
  const [pending, setPending] = useState<{ message: string; onConfirm: () => void } | null>(null);
  const dialog = (
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
  );
  return { ask: (message, onConfirm) => setPending({ message, onConfirm }), dialog };
}
