import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

/**
 * Asks before an admin's action that takes something away (a user, a role, an approval): a centred
 * modal naming what goes, its confirm button red. Needs the ModalsProvider of the admin page.
 */
export function confirmDanger({
  title,
  children,
  confirm,
  onConfirm,
}: {
  title: string;
  children: ReactNode;
  confirm: string;
  onConfirm: () => void;
}) {
  modals.openConfirmModal({
    title,
    centered: true,
    children,
    labels: { confirm, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
