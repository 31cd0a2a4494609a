import { Button, type ButtonProps } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

type RowActionProps = Omit<ButtonProps, 'children' | 'size' | 'variant' | 'leftSection'> & { onClick: () => void };

/** A table row's Edit button (the fields' and the users' tables): small, light, with a pencil. */
export function RowEditButton(props: RowActionProps) {
  return (
    <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} {...props}>
      Edit
    </Button>
  );
}

/** A table row's Delete button beside it: red, with a bin. */
export function RowDeleteButton(props: RowActionProps) {
  return (
    <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} {...props}>
      Delete
    </Button>
  );
}
