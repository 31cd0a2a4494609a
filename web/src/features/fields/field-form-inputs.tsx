import { NumberInput, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ZIP_CODE_LENGTH, type FieldFormValues } from './field-form';

interface FieldFormInputsProps {
  form: UseFormReturnType<FieldFormValues>;
  /** Two columns from the `sm` breakpoint (the Add Field form); one column in the narrow edit column. */
  twoColumns?: boolean;
}

/** The inputs of the Add Field and Edit Field Info forms. */
export function FieldFormInputs({ form, twoColumns = false }: FieldFormInputsProps) {
  return (
    <SimpleGrid cols={twoColumns ? { base: 1, sm: 2 } : 1} spacing="md" verticalSpacing="sm">
      <TextInput label="Field Name" placeholder="Riverside Park" withAsterisk {...form.getInputProps('name')} />
      <TextInput label="Street Address" placeholder="1 Riverside Dr" withAsterisk {...form.getInputProps('streetAddress')} />
      <TextInput
        label="Zip Code"
        placeholder="10001"
        withAsterisk
        maxLength={ZIP_CODE_LENGTH}
        inputMode="numeric"
        autoComplete="postal-code"
        {...form.getInputProps('zipCode')}
      />
      <TextInput label="City" placeholder="New York" withAsterisk {...form.getInputProps('city')} />
      <NumberInput
        label="Price"
        description="Per hour, in dollars"
        placeholder="45"
        withAsterisk
        min={0}
        decimalScale={2}
        leftSection="$"
        hideControls
        {...form.getInputProps('price')}
      />
      <TextInput
        label="Picture"
        description="Optional: the address of a photo (http:// or https://)"
        placeholder="https://example.com/pitch.jpg"
        type="url"
        {...form.getInputProps('picture')}
      />
      <Textarea
        label="Description"
        description="Optional"
        placeholder="Floodlit, artificial grass, changing rooms"
        // A fixed height (resizable by hand): an autosizing textarea re-measures when the collapsed form
        // opens and shifts the buttons below it under the pointer.
        rows={3}
        resize="vertical"
        style={twoColumns ? { gridColumn: '1 / -1' } : undefined}
        {...form.getInputProps('description')}
      />
    </SimpleGrid>
  );
}
