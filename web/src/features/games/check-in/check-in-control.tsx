import { Button, Group, Text } from '@mantine/core';
import { CHECK_IN_LABEL, CHECK_IN_WINDOW_PARAM } from '@playtime/shared/contract/attendance-texts';
import { IconCircleCheckFilled, IconQrcode } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { WhenFirstOpened } from '../../../components/lazy-dialogs';
import { checkInCodeOfLink, withoutCheckInParams } from './attendance';

// The dialog brings the camera's scanner: loaded when a member first opens it, never with the page.
const CheckInDialog = lazy(() => import('./check-in-dialog').then((module) => ({ default: module.CheckInDialog })));

/**
 * Issue #44, a member's check-in while it is open: 'Check in' opens the dialog (at once when the page
 * was opened from the organizer's QR link, with its digits); once checked in, it says so.
 */
export function CheckInControl({ gameId, checkedIn }: { gameId: string; checkedIn: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const linkCode = checkInCodeOfLink(location.search);
  const [opened, setOpened] = useState(linkCode !== null && !checkedIn);

  const close = () => {
    setOpened(false);
    // The link has done its work: a reload or a shared address must not offer a stale code again.
    if (linkCode !== null)
      void navigate(
        { pathname: location.pathname, search: withoutCheckInParams(location.search, CHECK_IN_WINDOW_PARAM) },
        { replace: true },
      );
  };

  if (checkedIn)
    return (
      <Group gap={6} c="pitch.8" role="status" data-testid="my-check-in">
        <IconCircleCheckFilled size={20} aria-hidden />
        <Text fw={700} c="pitch.8">
          You are checked in.
        </Text>
      </Group>
    );
  return (
    <>
      <Group>
        <Button size="md" leftSection={<IconQrcode size={20} />} onClick={() => setOpened(true)} aria-haspopup="dialog">
          {CHECK_IN_LABEL}
        </Button>
      </Group>
      <WhenFirstOpened opened={opened}>
        {(shown) => <CheckInDialog gameId={gameId} opened={shown} onClose={close} initialCode={linkCode} />}
      </WhenFirstOpened>
    </>
  );
}
