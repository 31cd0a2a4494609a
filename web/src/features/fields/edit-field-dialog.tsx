import { Button, Divider, Grid, Group, Image, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { SUBFIELD_NAME_MAX_LENGTH, subFieldName } from '@playtime/shared/contract/fields';
import { useState } from 'react';
import { useSmallScreen } from '../../hooks/use-small-screen';
import { useAddSubField, useDeleteSubField, useEditField } from './api/fields';
import type { OwnerField, SubField } from '../../types/field';
import {
  PLACEHOLDER_PICTURE,
  formValuesOf,
  pictureSource,
  serverFieldErrors,
  toFieldPayload,
  validateFieldForm,
  type FieldFormValues,
} from './field-form';
import { FieldFormInputs, NEUTRAL_WHEN_INVALID } from './field-form-inputs';
import { dialogSubFields } from './subfields';

const FORM_ID = 'edit-field-form';

function ManageSubfields({ field }: { field: OwnerField }) {
  const addSubField = useAddSubField();
  const deleteSubField = useDeleteSubField();
  const [newName, setNewName] = useState('');
  const [added, setAdded] = useState<SubField[]>([]);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const subFields = dialogSubFields(field.subFields, added, removed);
  // The server's own rule for the name, shown before sending.
  const nameProblem = subFieldName.safeParse(newName).error?.issues[0]?.message;

  const add = () => {
    if (nameProblem) return;
    // An empty name is sent as it is: the server names the sub-field 'New Subfield'.
    addSubField.mutate(
      { masterFieldId: field.fieldId, name: newName },
      {
        onSuccess: (subField) => {
          setAdded((current) => [...current, subField]);
          setNewName('');
        },
      },
    );
  };

  const remove = (subFieldId: string) => {
    deleteSubField.mutate(
      { subFieldId },
      { onSuccess: () => setRemoved((current) => new Set([...current, subFieldId])) },
    );
  };

  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        Manage Subfields
      </Title>
      {subFields.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No Subfields Available
        </Text>
      ) : (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Subfields">
          {subFields.map((subField) => (
            <Group
              key={subField.subFieldId}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              px="sm"
              py={6}
              style={{
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 'var(--mantine-radius-md)',
              }}
            >
              {/* The name gives way to the button: a long name is shortened, Remove stays whole. */}
              <Text fz="sm" fw={500} truncate style={{ flex: 1, minWidth: 0 }} title={subField.name}>
                {subField.name}
              </Text>
              <Button
                style={{ flexShrink: 0 }}
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                aria-label={`Remove ${subField.name}`}
                loading={deleteSubField.isPending && deleteSubField.variables?.subFieldId === subField.subFieldId}
                onClick={() => remove(subField.subFieldId)}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="New Subfield Name"
          placeholder="Pitch A"
          value={newName}
          maxLength={SUBFIELD_NAME_MAX_LENGTH}
          error={nameProblem}
          styles={NEUTRAL_WHEN_INVALID}
          onChange={(event) => setNewName(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          style={{ flex: 1 }}
        />
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} loading={addSubField.isPending}>
          Add
        </Button>
      </Group>
    </Stack>
  );
}

function EditFieldBody({ field, onClose }: { field: OwnerField; onClose: () => void }) {
  const small = useSmallScreen();
  const editField = useEditField();
  const form = useForm<FieldFormValues>({
    mode: 'controlled',
    initialValues: formValuesOf(field),
    validate: validateFieldForm,
  });

  const save = form.onSubmit((values) => {
    editField.mutate(
      { fieldId: field.fieldId, ...toFieldPayload(values) },
      {
        onSuccess: onClose,
        onError: (error) => form.setErrors(serverFieldErrors(error)),
      },
    );
  });

  return (
    <>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <form id={FORM_ID} onSubmit={save} noValidate aria-label="Field details">
            <FieldFormInputs form={form} picturePreview={false} />
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Divider hiddenFrom="md" mb="md" />
          <Stack gap="lg">
            <ManageSubfields field={field} />
            {/* The picture as it will show (the sample one while there is none). */}
            <Image
              src={pictureSource(form.values.picture)}
              fallbackSrc={PLACEHOLDER_PICTURE}
              alt={
                pictureSource(form.values.picture) !== PLACEHOLDER_PICTURE
                  ? `Picture of ${field.fieldName}`
                  : 'Sample field picture'
              }
              h={140}
              radius="md"
              fit="cover"
            />
          </Stack>
        </Grid.Col>
      </Grid>
      {/* On a phone the full-screen dialog scrolls: Close and Save stay at its bottom edge. */}
      <Group
        justify="flex-end"
        gap="sm"
        mt="xl"
        py={small ? 'sm' : undefined}
        pos={small ? 'sticky' : undefined}
        bottom={0}
        bg="var(--mantine-color-body)"
        style={{ zIndex: 1 }}
      >
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button type="submit" form={FORM_ID} leftSection={<IconDeviceFloppy size={16} />} loading={editField.isPending}>
          Save
        </Button>
      </Group>
    </>
  );
}

/** 'Edit Field Info': field details on the left, 'Manage Subfields' on the right; full-screen on phones. */
export function EditFieldDialog({ field, onClose }: { field: OwnerField | undefined; onClose: () => void }) {
  const small = useSmallScreen();
  return (
    <Modal opened={field !== undefined} onClose={onClose} title="Edit Field Info" size="xl" fullScreen={small} centered>
      {field && <EditFieldBody key={field.fieldId} field={field} onClose={onClose} />}
    </Modal>
  );
}
