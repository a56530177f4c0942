/**
 * The tax-invoice modal and the change-person-type question as lazily loaded components: both
 * are Chakra dialogs, so the cart's first screen does not load Chakra for them (ADR 215).
 */
import { lazy } from 'react';

const dialogs = () => import('~/components/payment/tax-withholding');

export const WithholdingTaxModal = lazy(() => dialogs().then((module) => ({ default: module.WithholdingTaxModalWithChakra })));
export const ChangePersonTypeDialog = lazy(() => dialogs().then((module) => ({ default: module.ChangePersonTypeDialogWithChakra })));
