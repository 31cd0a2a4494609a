import { lazy } from 'react';

/**
 * The card dialog, downloaded when it is first shown (render it inside Suspense): a page that may
 * never take a payment, such as a guest's game page, does not load it and the dialog code it brings.
 */
export const LazyPaymentDialog = lazy(() =>
  import('./payment-dialog').then((module) => ({ default: module.PaymentDialog })),
);
