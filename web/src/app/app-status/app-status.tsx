import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { NEW_VERSION_READY, OFFLINE_TEXT, RELOAD_LABEL } from '@playtime/shared/contract/app-shell';
import { isOnline, onOnlineChange } from './online-status';
import { onUpdateReady, registerServiceWorker, reloadIntoNewVersion, updateReady } from './service-worker';

/**
 * The installable app's two states a person must know of (issue #46), at the bottom of every page:
 * offline (the service worker opened the app from what it kept), and a new version ready to load with
 * Reload. The live region is always there, so a screen reader announces a state when it appears.
 */
export function AppStatus() {
  const online = useSyncExternalStore(onOnlineChange, isOnline);
  const newVersion = useSyncExternalStore(onUpdateReady, updateReady);
  useEffect(() => registerServiceWorker(), []);

  return (
    <Box role="status" pos="fixed" bottom={16} left={16} right={16} maw={520} mx="auto" style={{ zIndex: 1000 }}>
      {(!online || newVersion) && (
        <Stack component="section" aria-label="App status" gap="xs">
          {!online && (
            <Paper withBorder shadow="md" p="sm" bg="yellow.0">
              <Text size="sm">{OFFLINE_TEXT}</Text>
            </Paper>
          )}
          {newVersion && (
            <Paper withBorder shadow="md" p="sm">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm">{NEW_VERSION_READY} —</Text>
                <Button size="xs" onClick={reloadIntoNewVersion}>
                  {RELOAD_LABEL}
                </Button>
              </Group>
            </Paper>
          )}
        </Stack>
      )}
    </Box>
  );
}
