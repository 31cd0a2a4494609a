import { NumberInput, SimpleGrid, TextInput, Textarea, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { FIELD_FORM_EXAMPLE as EXAMPLE, FIELD_FORM_MAX_LENGTH as MAX } from '@playtime/shared/contract/fields';
import { PICTURE_UPLOAD_HINT } from '@playtime/shared/contract/pictures';
import type { CSSProperties } from 'react';
import { PictureUpload } from '../../components/picture-upload';
import type { FieldFormValues } from './field-form';

/**
 * Mantine paints an invalid input's placeholder (and text) in the error colour, so an empty input
 * under its red message reads like a filled-in red value. The message alone says what is wrong;
 * the placeholder stays the neutral example it is. Inline, so it wins over Mantine's error rule.
 */
export const NEUTRAL_WHEN_INVALID = {
  input: {
    '--input-placeholder-color': 'var(--mantine-color-placeholder)',
    '--input-color': 'var(--mantine-color-text)',
  } as CSSProperties,
};

interface FieldFormInputsProps {
  form: UseFormReturnType<FieldFormValues>;
  /** Two columns from the `sm` breakpoint (the Add Field form); one column in the narrow edit column. */
  twoColumns?: boolean;
  /** Shows the uploaded picture under its input (the edit dialog shows it beside the form instead). */
  picturePreview?: boolean;
}

type TextValue = 'name' | 'address' | 'zipCode' | 'city';

/** A required one-line value of the form, as long as the contract lets it be. */
function RequiredText({
  form,
  input,
  ...props
}: { form: FieldFormInputsProps['form']; input: TextValue } & Omit<TextInputProps, 'form'>) {
  return (
    <TextInput
      withAsterisk
      maxLength={MAX[input]}
      styles={NEUTRAL_WHEN_INVALID}
      {...props}
      {...form.getInputProps(input)}
    />
  );
}

/** The inputs of the Add Field and Edit Field Info forms. */
export function FieldFormInputs({ form, twoColumns = false, picturePreview = true }: FieldFormInputsProps) {
  return (
    <SimpleGrid cols={twoColumns ? { base: 1, sm: 2 } : 1} spacing="md" verticalSpacing="sm">
      <RequiredText form={form} input="name" label="Field Name" placeholder={EXAMPLE.name} />
      <RequiredText form={form} input="address" label="Street Address" placeholder={EXAMPLE.address} />
      <RequiredText
        form={form}
        input="zipCode"
        label="Zip Code"
        placeholder={EXAMPLE.zipCode}
        inputMode="numeric"
        autoComplete="postal-code"
      />
      <RequiredText form={form} input="city" label="City" placeholder={EXAMPLE.city} />
      <NumberInput
        label="Price"
        description="Per hour, in dollars"
        placeholder={String(EXAMPLE.price)}
        withAsterisk
        min={0}
        decimalScale={2}
        leftSection="$"
        hideControls
        styles={NEUTRAL_WHEN_INVALID}
        {...form.getInputProps('price')}
      />
      <PictureUpload
        label="Picture"
        description={`Optional: a photo of the field (${PICTURE_UPLOAD_HINT})`}
        value={form.values.picture}
        onChange={(picture) => form.setFieldValue('picture', picture)}
        error={form.errors.picture as string | undefined}
        previewAlt={picturePreview ? 'The field picture' : undefined}
        removeLabel="Remove the picture"
      />
      <Textarea
        label="Description"
        description="Optional"
        placeholder="Floodlit, artificial grass, changing rooms"
        // A fixed height (resizable by hand): an autosizing textarea re-measures when the collapsed form
        // opens and shifts the buttons below it under the pointer.
        rows={3}
        resize="vertical"
        maxLength={MAX.description}
        styles={NEUTRAL_WHEN_INVALID}
        style={twoColumns ? { gridColumn: '1 / -1' } : undefined}
        {...form.getInputProps('description')}
      />
    </SimpleGrid>
  );
}
