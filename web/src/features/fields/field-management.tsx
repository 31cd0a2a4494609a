import { Button, Group, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronUp, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useOwnerFields } from './api/fields';
import { AddFieldForm } from './add-field-form';
import { DeleteFieldDialog } from './delete-field-dialog';
import { EditFieldDialog } from './edit-field-dialog';
import { FieldsTable } from './fields-table';

/** The Field Management tab ('Fields Page'): the Add Field form, the table, the edit and delete dialogs. */
export function FieldManagement() {
  const fields = useOwnerFields();
  const [formOpened, form] = useDisclosure(false);
  // Ids, not copies: the dialogs show the field as the list last loaded it (and close if it goes away).
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const byId = (id: string | null) => (id === null ? undefined : fields.data?.find((field) => field.fieldId === id));

  return (
    <div>
      <Group justify="space-between" align="flex-end" gap="sm" mb="lg">
        <div>
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            Fields Page
          </Title>
          <Text c="dimmed" fz="sm">
            Your fields and their sub-fields. Players book the sub-fields.
          </Text>
        </div>
        <Button
          onClick={form.toggle}
          aria-expanded={formOpened}
          variant={formOpened ? 'default' : 'filled'}
          leftSection={formOpened ? <IconChevronUp size={16} /> : <IconPlus size={16} />}
        >
          {formOpened ? 'Hide Add Field' : 'Add Field'}
        </Button>
      </Group>

      {/* The form's card carries its own bottom margin, so the collapsed form leaves no gap. */}
      <AddFieldForm opened={formOpened} onClose={form.close} />

      <FieldsTable
        fields={fields.data ?? (fields.isError ? [] : undefined)}
        onEdit={(field) => setEditingId(field.fieldId)}
        onDelete={(field) => setDeletingId(field.fieldId)}
      />

      <EditFieldDialog field={byId(editingId)} onClose={() => setEditingId(null)} />
      <DeleteFieldDialog field={byId(deletingId)} onClose={() => setDeletingId(null)} />
    </div>
  );
}
