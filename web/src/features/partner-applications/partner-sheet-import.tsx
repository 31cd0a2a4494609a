import { Alert, Button, Group, List, Text } from '@mantine/core';
import { IconTableImport } from '@tabler/icons-react';
import { useImportPartnerSheet, usePartnerSheet } from './api/applications';

/** Above the applications table, when a published spreadsheet is imported: its last run and its row errors. */
export function PartnerSheetImport() {
  const sheet = usePartnerSheet();
  const importNow = useImportPartnerSheet();
  if (!sheet.data?.url) return null;
  const last = sheet.data.last;
  return (
    <Alert
      color={last?.failure || last?.errors.length ? 'yellow' : 'gray'}
      variant="light"
      mb="md"
      icon={<IconTableImport size={18} />}
      title="Spreadsheet import"
    >
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {sheet.data.url}
          </Text>
          <Text fz="sm" c="dimmed">
            {last
              ? last.failure
                ? `Last read ${new Date(last.at).toLocaleString()}: ${last.failure}`
                : `Last read ${new Date(last.at).toLocaleString()}: ${last.rows} rows, ${last.imported} new, ${last.duplicates} already here, ${last.errors.length} with errors.`
              : 'Not read yet.'}
          </Text>
          {last && last.errors.length > 0 && (
            <List size="sm" mt={4}>
              {last.errors.map((error) => (
                <List.Item key={error.row}>
                  Row {error.row}: {error.message}
                </List.Item>
              ))}
            </List>
          )}
        </div>
        <Button size="compact-sm" variant="light" onClick={() => importNow.mutate()} loading={importNow.isPending}>
          Import now
        </Button>
      </Group>
    </Alert>
  );
}
