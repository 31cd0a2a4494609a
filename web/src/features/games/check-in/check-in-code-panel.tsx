import { Alert, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { CHECK_IN_CODE_TITLE, CHECK_IN_CODE_WINDOW_SECONDS } from '@playtime/shared/contract/attendance-texts';
import { QRCodeSVG } from 'qrcode.react';
import { errorMessage } from '../../../lib/notify';
import { useCheckInCode } from '../api/attendance';
import { spacedCode } from './attendance';

/**
 * Issue #44, the organizer's 'Check-in code' panel: the QR code of the current code (a link to this
 * page naming the game, the window and the digits) and the same digits under it in large type, both
 * replaced when the code expires. Loaded on its own (this module brings qrcode.react), only to the
 * organizer and only while check-in is open.
 */
export function CheckInCodePanel({
  gameId,
  clockOffsetMs,
  countLine,
}: {
  gameId: string;
  clockOffsetMs: number;
  /** 'Checked in 9 of 14'. */
  countLine: string;
}) {
  const code = useCheckInCode(gameId, clockOffsetMs);
  return (
    <Card padding="lg" withBorder role="region" aria-labelledby="check-in-code-title" data-testid="check-in-code">
      <Stack align="center" gap="sm">
        <Title order={2} fz="xl" id="check-in-code-title">
          {CHECK_IN_CODE_TITLE}
        </Title>
        {code.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(code.error)}
          </Alert>
        ) : !code.data ? (
          <Center h={240}>
            <Loader aria-label="Loading the check-in code" />
          </Center>
        ) : (
          <>
            {/* A quiet zone of 4 modules on white: phones' cameras find it at arm's length. */}
            <Center bg="white" p="xs" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
              <QRCodeSVG
                value={code.data.qrText}
                size={232}
                marginSize={4}
                bgColor="#ffffff"
                fgColor="#000000"
                level="M"
                title="QR code to check in"
              />
            </Center>
            <Text
              data-testid="check-in-digits"
              fz={{ base: 44, sm: 56 }}
              fw={800}
              ff="monospace"
              lh={1}
              style={{ letterSpacing: '0.08em', fontVariantNumeric: 'tabular-nums' }}
            >
              {spacedCode(code.data.code)}
            </Text>
            <Text c="dimmed" fz="sm" ta="center">
              Players scan the code or type the 6 digits. It changes every {CHECK_IN_CODE_WINDOW_SECONDS} seconds.
            </Text>
          </>
        )}
        <Text fw={700} fz="lg" data-testid="check-in-count">
          {countLine}
        </Text>
      </Stack>
    </Card>
  );
}
