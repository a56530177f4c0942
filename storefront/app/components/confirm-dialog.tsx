import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useOpenedOnce } from '~/components/checkout/opened-once';
import { withChakra } from '~/components/provider';
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

/** The dialog inside Chakra's provider, for pages that load it lazily (use-confirm.tsx). */
export default withChakra(ConfirmDialog);
