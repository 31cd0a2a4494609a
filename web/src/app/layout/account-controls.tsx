import { Avatar, Button, Group, Text } from '@mantine/core';
import { IconLogin2, IconLogout } from '@tabler/icons-react';
import { useAuth } from '../../lib/auth';
import { useCurrentUser } from '../../lib/current-user';
import classes from './app-layout.module.css';

/**
 * Name and picture for the welcome text: the Playtime profile first, the identity token's name second.
 * The token's picture is never shown: it is a link to the identity provider's site (the profile
 * starts with a built-in avatar instead).
 */
function useWelcomeIdentity(): { name: string; picture: string | undefined } {
  const { user } = useAuth();
  const { data: profile } = useCurrentUser();
  return {
    name: profile?.username || user?.name || user?.nickname || user?.email || 'player',
    picture: profile?.profilePicture || undefined,
  };
}

export function WelcomeAvatar() {
  const { name, picture } = useWelcomeIdentity();
  return (
    <Avatar src={picture} alt={name} radius="xl" size={32} color="pitch">
      {name.charAt(0).toUpperCase()}
    </Avatar>
  );
}

export function WelcomeText() {
  const { name } = useWelcomeIdentity();
  return (
    <Group gap="xs" wrap="nowrap" className={classes.welcome}>
      <WelcomeAvatar />
      <Text size="sm" truncate="end">
        Welcome, <b>{name}</b>
      </Text>
    </Group>
  );
}

export function LoginButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const { login, isLoading } = useAuth();
  return (
    <Button
      onClick={() => void login()}
      loading={isLoading}
      leftSection={<IconLogin2 size={18} />}
      fullWidth={fullWidth}
    >
      Log In
    </Button>
  );
}

export function LogoutButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const { logout } = useAuth();
  return (
    <Button
      variant="default"
      onClick={() => void logout()}
      leftSection={<IconLogout size={18} />}
      fullWidth={fullWidth}
    >
      Log Out
    </Button>
  );
}
