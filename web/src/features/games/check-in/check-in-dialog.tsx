import { Box, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { CHECK_IN_LABEL, checkInBody } from '@playtime/shared/contract/attendance';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FailureAlert } from '../../../components/failure-alert';
import { errorMessage } from '../../../lib/notify';
import { useCheckIn } from '../api/attendance';
import { typedDigits } from './attendance';

type CameraState = 'starting' | 'scanning' | 'unavailable';

/**
 * The phone's camera, scanning for a QR code until `onScan` is told one (it is told each new text once:
 * a refused code stays in view without being sent again). The scanner (qr-scanner, with its worker) is
 * loaded only here, when the dialog opens.
 */
function useQrScanner(video: React.RefObject<HTMLVideoElement | null>, onScan: (text: string) => void) {
  const [camera, setCamera] = useState<CameraState>('starting');
  const [problem, setProblem] = useState<string | null>(null);
  const latestOnScan = useRef(onScan);
  latestOnScan.current = onScan;

  useEffect(() => {
    let stopped = false;
    let scanner: { stop(): void; destroy(): void } | undefined;
    let lastText: string | null = null;
    void (async () => {
      try {
        const { default: QrScanner } = await import('qr-scanner');
        if (stopped || !video.current) return;
        const started = new QrScanner(
          video.current,
          (result) => {
            if (result.data === lastText) return;
            lastText = result.data;
            latestOnScan.current(result.data);
          },
          { preferredCamera: 'environment', maxScansPerSecond: 5, returnDetailedScanResult: true },
        );
        scanner = started;
        await started.start();
        if (stopped) started.destroy();
        else setCamera('scanning');
      } catch (error: unknown) {
        if (stopped) return;
        setCamera('unavailable');
        setProblem(typeof error === 'string' ? error : error instanceof Error ? error.message : null);
      }
    })();
    return () => {
      stopped = true;
      scanner?.stop();
      scanner?.destroy();
    };
  }, [video]);

  return { camera, problem };
}

function CameraView({ onScan }: { onScan: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const { camera, problem } = useQrScanner(video, onScan);
  return (
    <Stack gap="xs">
      <Box
        bg="dark.8"
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
          aspectRatio: '1 / 1',
          display: camera === 'unavailable' ? 'none' : undefined,
        }}
      >
        {/* The camera's picture only: what it finds is said in words below and in the form. */}
        <video
          ref={video}
          muted
          playsInline
          aria-hidden
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      </Box>
      <Text fz="sm" c={camera === 'unavailable' ? undefined : 'dimmed'} data-testid="camera-status">
        {camera === 'starting'
          ? 'Starting the camera…'
          : camera === 'scanning'
            ? "Point your camera at the organizer's check-in code."
            : `The camera did not start${problem ? ` (${problem.replace(/\.$/, '')})` : ''}. Type the 6 digits instead.`}
      </Text>
    </Stack>
  );
}

/**
 * Issue #44, a member's check-in: the camera scans the organizer's QR code and sends its text, or the
 * six digits are typed (the keyboard and screen-reader way). The server's refusal is shown as sent.
 */
export function CheckInDialog({
  gameId,
  opened,
  onClose,
  initialCode,
}: {
  gameId: string;
  opened: boolean;
  onClose: () => void;
  /** The digits of the check-in link the page was opened from. */
  initialCode: string | null;
}) {
  const checkIn = useCheckIn(gameId);
  const [typed, setTyped] = useState(() => typedDigits(initialCode ?? ''));
  const [failure, setFailure] = useState<string | null>(null);
  const [typedError, setTypedError] = useState<string | null>(null);

  const send = (code: string) => {
    setFailure(null);
    checkIn.mutate(code, { onSuccess: onClose, onError: (error) => setFailure(errorMessage(error)) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An empty box is refused here in the server's words; any digits go to the server, which says what is wrong.
    const parsed = checkInBody.safeParse({ gameId, code: typed });
    if (parsed.success) send(parsed.data.code);
    else setTypedError(parsed.error.issues[0]?.message ?? null);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={CHECK_IN_LABEL} centered>
      <Stack gap="md">
        {opened && <CameraView onScan={send} />}
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Check-in code"
              description="Or type the 6 digits under the organizer's QR code"
              inputMode="numeric"
              autoComplete="one-time-code"
              data-autofocus
              value={typed}
              error={typedError}
              onChange={(event) => {
                setTypedError(null);
                setTyped(typedDigits(event.currentTarget.value));
              }}
              styles={{ input: { fontSize: 24, letterSpacing: '0.2em', fontFamily: 'monospace' } }}
            />
            <FailureAlert failure={failure} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={checkIn.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={checkIn.isPending}>
                {CHECK_IN_LABEL}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
