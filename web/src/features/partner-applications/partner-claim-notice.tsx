import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { CLAIM_BUTTON, claimQuestion } from '@playtime/shared/contract/partner-texts';
import { rooms } from '@playtime/shared/contract/rooms';
import { useLiveRoom } from '../../hooks/use-live-room';
import { useCurrentUser } from '../../lib/current-user';
import { useClaimApplication, useMyApplications } from './api/my-applications';
import { applicationKeys } from './api/query-keys';

/**
 * Mounted in the app shell for a signed-in player or captain: an approved application that came
 * without an account (a spreadsheet row) and names their verified email is offered to them here, on
 * whichever page they are, and confirming it makes their account a field owner.
 */
export function PartnerClaimNotice() {
  const { data: user } = useCurrentUser();
  const mayClaim = user?.role === 'player' || user?.role === 'captain';
  const mine = useMyApplications(mayClaim);
  const claim = useClaimApplication();
  useLiveRoom(mayClaim && user ? rooms.user(user.userId) : null, [applicationKeys.mine]);
  const claimable = mayClaim ? (mine.data ?? []).filter((application) => !application.hasAccount) : [];
  if (claimable.length === 0) return null;

  return (
    <Stack gap="xs" mb="md">
      {claimable.map((application) => (
        <Alert
          key={application.applicationId}
          color="blue"
          variant="light"
          role="region"
          aria-label={`Application for ${application.fieldName}`}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">{claimQuestion(application.fieldName)}</Text>
            <Button
              size="xs"
              onClick={() => claim.mutate(application.applicationId)}
              loading={claim.isPending && claim.variables === application.applicationId}
            >
              {CLAIM_BUTTON}
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
