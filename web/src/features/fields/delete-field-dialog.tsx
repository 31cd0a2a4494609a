import { Button, Group, Modal, Text } from '@mantine/core';
import { useSmallScreen } from '../../hooks/use-small-screen';
import { useDeleteField } from './api/fields';
import type { OwnerField } from '../../types/field';

/** 'Are you sure?': closes once the field is deleted; stays open (the notification says why) on failure. */
export function DeleteFieldDialog({ field, onClose }: { field: OwnerField | undefined; onClose: () => void }) {
  const small = useSmallScreen();
  const deleteField = useDeleteField();
  return (
    <Modal opened={field !== undefined} onClose={onClose} title="Are you sure?" centered fullScreen={small}>
      <Text fz="sm">Do you really want to delete this field? This action cannot be undone.</Text>
      {field && (
        <Text fz="sm" fw={600} mt="xs">
          {field.fieldName}
        </Text>
      )}
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          color="red"
          loading={deleteField.isPending}
          onClick={() => field && deleteField.mutate({ fieldId: field.fieldId }, { onSuccess: onClose })}
        >
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
