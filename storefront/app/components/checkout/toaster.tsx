/**
 * Notifications of the checkout: top right, 100 px from the top, 5 seconds (spec section 9).
 */
import { Portal, Toast, Toaster as ChakraToaster, createToaster, Stack } from '@chakra-ui/react';

export const NOTICE_DURATION_MS = 5000;

export const toaster = createToaster({ placement: 'top-end', duration: NOTICE_DURATION_MS, offsets: { top: '100px', right: '16px', bottom: '16px', left: '16px' }, pauseOnPageIdle: true });

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast" data-type={toast.type}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
