import {
  Avatar,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDeviceFloppy, IconPencil, IconPhoto, IconWallet, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { GameCard } from '../../components/game-card';
import { PageTitle } from '../../components/page-title';
import { formatDollars } from '../../utils/money';
import { useCurrentUser, useEditUser, type CurrentUser } from '../../lib/current-user/current-user';
import { rooms } from '@playtime/shared/contract/rooms';
import { JoinNextWeek, playKeys, useMyGames } from '../../features/games';
import { useUnreadGameMessages } from '../../features/chat';
import { useLiveRoom } from '../../hooks/use-live-room';
import { NotificationPreferencesCard } from '../../features/notifications';
import { PAYOUT_ROLES, PayoutsCard, WalletCard } from '../../features/payments';
import { roleLabel } from '../../lib/current-user/roles';
import { AvatarPicker, CalendarFeedCard, ReliabilityCard, useBalance } from '../../features/users';
import { IconTile } from '../../components/icon-tile';

interface ProfileDraft {
  bio: string;
  profilePicture: string;
}

function BalanceCard({ username }: { username: string }) {
  const balance = useBalance(username);
  return (
    <Card padding="lg">
      <Group gap="sm" wrap="nowrap">
        <IconTile>
          <IconWallet size={24} />
        </IconTile>
        <div>
          <Text c="dimmed" fz="sm" fw={600}>
            Balance
          </Text>
          {balance.isPending ? (
            <Skeleton h={32} w={120} mt={4} />
          ) : (
            <Text fz={28} fw={800} lh={1.2}>
              {balance.data === undefined ? '—' : formatDollars(balance.data)}
            </Text>
          )}
        </div>
      </Group>
    </Card>
  );
}

function RecentGames({ userId }: { userId: string }) {
  // The list's prices are dollars; useMyGames hands the cards cents.
  const games = useMyGames();
  // Issue #46: each game's unread chat messages, on its card.
  const unread = useUnreadGameMessages(true);
  const unreadOf = (gameId: string) => unread.data?.games.find((game) => game.gameId === gameId)?.unread ?? 0;
  // The user's room announces their joins, moves and leaves, and their games' cancellations.
  useLiveRoom(rooms.user(userId), [playKeys.userGames]);
  return (
    <Stack gap="md" mt="xl">
      <JoinNextWeek userId={userId} />
      <Title order={2} fz="xl">
        Recent Games
      </Title>
      {games.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          <Skeleton h={280} />
          <Skeleton h={280} visibleFrom="xs" />
        </SimpleGrid>
      ) : games.data && games.data.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {games.data.map((game) => (
            <GameCard key={game.gameId} game={game} unreadMessages={unreadOf(game.gameId)} />
          ))}
        </SimpleGrid>
      ) : (
        <Card padding="xl">
          <Text c="dimmed" ta="center">
            No Recent Games
          </Text>
        </Card>
      )}
    </Stack>
  );
}

function ProfileEditor({ user }: { user: CurrentUser }) {
  const editUser = useEditUser();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ProfileDraft>({ bio: '', profilePicture: '' });
  const [pickerOpened, picker] = useDisclosure(false);

  // In view mode the page shows the server's values; the draft exists only while editing, so
  // Cancel restores bio and picture simply by leaving edit mode.
  const saved: ProfileDraft = { bio: user.bio ?? '', profilePicture: user.profilePicture ?? '' };
  const shown = editing ? draft : saved;

  const startEditing = () => {
    setDraft(saved);
    setEditing(true);
  };

  const save = () => {
    editUser.mutate(
      { username: user.username, bio: draft.bio, profilePicture: draft.profilePicture },
      { onSuccess: () => setEditing(false) },
    );
  };

  const actions = editing ? (
    <Group gap="sm">
      <Button
        variant="default"
        leftSection={<IconX size={18} />}
        onClick={() => setEditing(false)}
        disabled={editUser.isPending}
      >
        Cancel
      </Button>
      <Button leftSection={<IconDeviceFloppy size={18} />} onClick={save} loading={editUser.isPending}>
        Save
      </Button>
    </Group>
  ) : (
    <Button leftSection={<IconPencil size={18} />} onClick={startEditing}>
      Edit
    </Button>
  );

  const avatar = (
    <Avatar src={shown.profilePicture || undefined} alt={user.username} size={128} radius={128} color="pitch">
      {user.username.charAt(0).toUpperCase()}
    </Avatar>
  );

  return (
    <>
      <PageTitle title="Profile" actions={actions} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card padding="lg" h="100%">
            <Stack align="center" gap="sm">
              {editing ? (
                <Tooltip label="Choose an avatar">
                  <UnstyledButton onClick={picker.open} aria-label="Choose an avatar" style={{ borderRadius: '50%' }}>
                    {avatar}
                  </UnstyledButton>
                </Tooltip>
              ) : (
                avatar
              )}
              {editing && (
                <Button variant="light" size="xs" leftSection={<IconPhoto size={16} />} onClick={picker.open}>
                  Change Avatar
                </Button>
              )}
              <Badge variant="light">{roleLabel(user.role)}</Badge>
              {user.email && (
                <Text c="dimmed" fz="sm" ta="center" style={{ wordBreak: 'break-all' }}>
                  {user.email}
                </Text>
              )}
            </Stack>
          </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <BalanceCard username={user.username} />
            <WalletCard userId={user.userId} />
            {user.reliability && <ReliabilityCard reliability={user.reliability} />}
            {PAYOUT_ROLES.includes(user.role) && <PayoutsCard />}
            <CalendarFeedCard />
            <NotificationPreferencesCard role={user.role} />
            <Card padding="lg">
              <Stack gap="md">
                <TextInput label="Username" value={user.username} readOnly variant="filled" />
                <Textarea
                  label="Bio"
                  value={shown.bio}
                  onChange={(event) => {
                    // Read the value now: the updater runs later, when the event's currentTarget is gone.
                    const bio = event.currentTarget.value;
                    setDraft((current) => ({ ...current, bio }));
                  }}
                  readOnly={!editing}
                  variant={editing ? 'default' : 'filled'}
                  placeholder={editing ? 'Tell captains and field owners about yourself' : undefined}
                  autosize
                  minRows={3}
                  maxRows={8}
                />
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>

      <AvatarPicker
        opened={pickerOpened && editing}
        selected={draft.profilePicture}
        onClose={picker.close}
        onSelect={(profilePicture) => setDraft((current) => ({ ...current, profilePicture }))}
      />
    </>
  );
}

export function ProfilePage() {
  const { data: user } = useCurrentUser();
  return (
    <Container size="lg">
      {user ? (
        <>
          <ProfileEditor user={user} />
          <RecentGames userId={user.userId} />
        </>
      ) : (
        <Center py="xl">
          <Loader />
        </Center>
      )}
    </Container>
  );
}
