import { Button, Card, Collapse, Group, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { notifySuccess } from '../../lib/notify';
import { useAddField } from './api/fields';
import {
  EMPTY_FIELD_FORM,
  serverFieldErrors,
  toFieldPayload,
  validateFieldForm,
  type FieldFormValues,
} from './field-form';
import { FieldFormInputs } from './field-form-inputs';

interface AddFieldFormProps {
  opened: boolean;
  onClose: () => void;
}

/** The collapsible Add Field form: the spec's messages on the client, the server's on the same inputs. */
export function AddFieldForm({ opened, onClose }: AddFieldFormProps) {
  const addField = useAddField();
  const form = useForm<FieldFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_FIELD_FORM,
    validate: validateFieldForm,
  });

  const submit = form.onSubmit((values) => {
    addField.mutate(toFieldPayload(values), {
      onSuccess: () => {
        notifySuccess(`${values.name.trim()} was added.`);
        form.reset();
      },
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    });
  });

  return (
    <Collapse expanded={opened} keepMountedMode="display-none">
      <Card padding="lg" mb="lg" component="form" onSubmit={submit} noValidate aria-label="Add Field">
        <Title order={2} fz="lg" mb="md">
          Add Field
        </Title>
        <FieldFormInputs form={form} twoColumns />
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onClose} disabled={addField.isPending}>
            Close
          </Button>
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={addField.isPending}>
            Submit
          </Button>
        </Group>
      </Card>
    </Collapse>
  );
}
