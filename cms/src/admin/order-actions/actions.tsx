/**
 * The order buttons of the content manager's edit view (ADR 168): approve or refuse the
 * transfer report waiting on an order (or a report), cancel an unpaid order. Each calls an
 * admin route of the CMS with the signed-in admin's token; the server decides who may.
 */
import * as React from 'react';
import { isFetchError, useFetchClient, useNotification } from '@strapi/strapi/admin';
import { ORDER_ACTION_TEXTS as T } from './texts';

export const ORDER_UID = 'api::order.order';
export const REPORT_UID = 'api::payment-report.payment-report';

/** How long the success notice shows before the entry is read again. */
const RELOAD_AFTER_MS = 1500;

export type ActionProps = { model: string; collectionType: string; documentId?: string; document?: Record<string, unknown> | null };

type Description = {
  label: string;
  position?: 'panel' | 'header' | 'table-row' | ('panel' | 'header' | 'table-row')[];
  variant?: 'default' | 'secondary' | 'danger' | 'success';
  dialog?: { type: 'dialog'; title: string; content?: React.ReactNode; confirmLabel?: string; variant?: 'default' | 'danger' | 'success'; onConfirm?: () => Promise<void> };
};

/** Posts to an order route, tells the admin what happened in Thai, and shows the entry as it now is. */
function useOrderRoute() {
  const { post } = useFetchClient();
  const { toggleNotification } = useNotification();
  return async (path: string, body: Record<string, unknown>, done: string) => {
    try {
      await post(`/sala-admin/${path}`, body);
      toggleNotification({ type: 'success', message: done });
      // The edit view keeps the values it opened with: the entry is read again, buttons included,
      // once the admin had a moment to read the notice.
      window.setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
    } catch (error) {
      const message = isFetchError(error) ? (error.response?.data as { error?: { message?: string } } | undefined)?.error?.message : undefined;
      toggleNotification({ type: 'danger', message: message || T.failed });
    }
  };
}

const stateOf = (props: ActionProps) => (props.document?.state as string | undefined) ?? null;
const pathOf = (props: ActionProps) => `${props.model === ORDER_UID ? 'orders' : 'payment-reports'}/${props.documentId}`;
/** An order with a report to decide on, or a report still waiting. */
const isDecidable = (props: ActionProps) => (props.model === ORDER_UID ? stateOf(props) === 'pendingApproved' : stateOf(props) === 'pending');

export function ApproveAction(props: ActionProps): Description | null {
  const call = useOrderRoute();
  if (![ORDER_UID, REPORT_UID].includes(props.model) || !props.documentId || !isDecidable(props)) return null;
  return {
    label: T.approve,
    variant: 'success',
    position: 'panel',
    dialog: { type: 'dialog', title: T.approveTitle, content: T.approveBody, confirmLabel: T.confirm, variant: 'success', onConfirm: () => call(`${pathOf(props)}/approve`, {}, T.approved) },
  };
}

function ReasonField({ onChange }: { onChange: (value: string) => void }) {
  return (
    <label style={{ display: 'flex', flexDirection: 'column', gap: 8, textAlign: 'left' }}>
      <span>{T.rejectBody}</span>
      <span style={{ fontWeight: 600 }}>{T.rejectReason}</span>
      <textarea name="reason" rows={3} maxLength={500} onChange={(event) => onChange(event.target.value)} style={{ padding: 8, borderRadius: 4, border: '1px solid #dcdce4' }} />
    </label>
  );
}

export function RejectAction(props: ActionProps): Description | null {
  const call = useOrderRoute();
  const reason = React.useRef('');
  if (![ORDER_UID, REPORT_UID].includes(props.model) || !props.documentId || !isDecidable(props)) return null;
  return {
    label: T.reject,
    variant: 'danger',
    position: 'panel',
    dialog: {
      type: 'dialog',
      title: T.rejectTitle,
      content: <ReasonField onChange={(value) => (reason.current = value)} />,
      confirmLabel: T.confirm,
      variant: 'danger',
      onConfirm: () => call(`${pathOf(props)}/reject`, { reason: reason.current }, T.rejected),
    },
  };
}

export function CancelAction(props: ActionProps): Description | null {
  const call = useOrderRoute();
  const state = stateOf(props);
  if (props.model !== ORDER_UID || !props.documentId || (state !== 'notYetReceived' && state !== 'pendingApproved')) return null;
  return {
    label: T.cancel,
    variant: 'danger',
    position: 'panel',
    dialog: { type: 'dialog', title: T.cancelTitle, content: T.cancelBody, confirmLabel: T.confirm, variant: 'danger', onConfirm: () => call(`${pathOf(props)}/cancel`, {}, T.cancelled) },
  };
}
