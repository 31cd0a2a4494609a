import { Badge, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { OwnerField } from '../../types/field';
import { PLACEHOLDER_PICTURE, descriptionText, isEmptyDescription, pictureSource } from './field-form';
import { formatHourlyPrice } from '../../utils/money';

/**
 * A field's details: its picture (the sample placeholder when it has none, or when the address does
 * not load), address, hourly price, description ('No description provided' when empty) and sub-fields.
 */
export function FieldCard({ field, compact = false }: { field: OwnerField; compact?: boolean }) {
  return (
    <Card padding="md" data-testid="field-card">
      <Card.Section>
        <Image
          src={pictureSource(field.picture)}
          fallbackSrc={PLACEHOLDER_PICTURE}
          alt={field.picture ? `Picture of ${field.fieldName}` : 'Sample field picture'}
          h={compact ? 120 : 160}
          fit="cover"
        />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} fz="md" lh={1.3}>
            {field.fieldName}
          </Title>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {formatHourlyPrice(field.price)}
          </Badge>
        </Group>
        <Group gap={4} wrap="nowrap" c="dimmed">
          <IconMapPin size={14} style={{ flexShrink: 0 }} />
          <Text fz="sm">
            {field.address}, {field.city} {field.zipCode}
          </Text>
        </Group>
        <Text
          fz="sm"
          c={isEmptyDescription(field.description) ? 'dimmed' : undefined}
          style={{ whiteSpace: 'pre-line' }}
        >
          {descriptionText(field.description)}
        </Text>
        {!compact && (
          <Group gap={6} mt={4}>
            {field.subFields.length === 0 ? (
              <Text fz="xs" c="dimmed">
                No Subfields Available
              </Text>
            ) : (
              field.subFields.map((subField) => (
                <Badge key={subField.subFieldId} variant="outline" color="gray" tt="none">
                  {subField.name}
                </Badge>
              ))
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
