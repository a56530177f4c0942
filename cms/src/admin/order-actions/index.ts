/**
 * Orders, their lines, payment reports, payment attempts and tax documents are read-only in the content
 * manager (the server refuses writes, ADR 168): their save, publish, delete and discard
 * buttons are not shown, and the shop's own actions are: approve, refuse, cancel. Their lists
 * show each one's state by its Thai name.
 */
import type { StrapiApp } from '@strapi/strapi/admin';
import { READ_ONLY_UIDS } from '../../lib/read-only-types';
import { ApproveAction, CancelAction, RejectAction, type ActionProps } from './actions';
import { stateColumnHook } from './state-cell';

const WRITING_TYPES = ['update', 'publish', 'unpublish', 'discard', 'delete', 'clone'];

type Action = ((props: ActionProps) => unknown) & { type?: string; position?: unknown };
type ContentManagerApis = { addDocumentAction: (reduce: (actions: Action[]) => Action[]) => void };

/** Keeps a built-in action off the read-only types; it is still called, so its hooks run the same on every screen. */
function offReadOnly(action: Action): Action {
  if (!action.type || !WRITING_TYPES.includes(action.type)) return action;
  const guarded: Action = (props) => {
    const description = action(props);
    return READ_ONLY_UIDS.includes(props.model) ? null : description;
  };
  guarded.type = action.type;
  guarded.position = action.position;
  return guarded;
}

export function registerOrderActions(app: StrapiApp): void {
  const contentManager = app.getPlugin('content-manager').apis as ContentManagerApis;
  contentManager.addDocumentAction((actions) => [...actions.map(offReadOnly), ApproveAction as Action, RejectAction as Action, CancelAction as Action]);
  app.registerHook('Admin/CM/pages/ListView/inject-column-in-table', stateColumnHook);
}
