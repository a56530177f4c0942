import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '~/lib/i18n';

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

/** An alert dialog asking to confirm one action: a title, a body, Cancel and the action. */
export function ConfirmDialog({ open, onCancel, onConfirm, title, children, confirmLabel, testId, confirmTestId }: ConfirmDialogProps) {
  const t = useT();
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
