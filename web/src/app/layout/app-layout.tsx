import { AppShell, Box, Burger, Button, Divider, Group, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, memo, Suspense, useEffect, useMemo } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Brand } from '../../components/logo';
import { useAuth } from '../../lib/auth';
import { loadPartnerClaimNotice } from '../../features/partner-applications';
import { loadCurrentUserSync } from '../../features/users';
import { useRole } from '../../lib/current-user';
import { loadOrganizeLayout, loadOrganizerGamesPage } from '../../features/games';
import { navLinksFor, type NavLinkSpec } from '../access';
import { LoginButton, LogoutButton, WelcomeAvatar, WelcomeText } from './account-controls';
import classes from './app-layout.module.css';

/**
 * Code a link's page needs, fetched before it is followed: Organize's first visit otherwise waited
 * about 0.9 s for its chunks. Hovering, focusing or touching the link starts it, and so does the
 * browser's first idle moment once the link is on screen.
 */
const PRELOADS: Record<string, () => void> = {
  '/organize/games': () => void Promise.all([loadOrganizeLayout(), loadOrganizerGamesPage()]).catch(() => undefined),
};

function preloadProps(to: string) {
  const preload = PRELOADS[to];
  return preload ? { onMouseEnter: preload, onFocus: preload, onTouchStart: preload } : {};
}

// A visitor needs neither (nor the contracts and live connection they bring): they load after login.
const CurrentUserSync = lazy(() => loadCurrentUserSync().then((m) => ({ default: m.CurrentUserSync })));
const PartnerClaimNotice = lazy(() => loadPartnerClaimNotice().then((m) => ({ default: m.PartnerClaimNotice })));
// The bell, with the game chats' unread messages counted in (issue #46).
const BellWithChats = lazy(() => import('./bell-with-chats').then((m) => ({ default: m.BellWithChats })));

/** '/organize/select-field' belongs to the Organize link ('/organize/games'): compare first segments. */
function sameSection(pathname: string, to: string): boolean {
  const section = (path: string) => path.split('/')[1]?.toLowerCase() ?? '';
  return section(pathname) === section(to);
}

interface AppHeaderProps {
  isAuthenticated: boolean;
  links: readonly NavLinkSpec[];
  menuOpened: boolean;
  toggleMenu: () => void;
}

/**
 * The header bar. Memoised: the frame renders again on every navigation and as the member's session,
 * role and data arrive one after another; the header only when what it shows changed (its links mark
 * the current page themselves).
 */
const AppHeader = memo(function AppHeader({ isAuthenticated, links, menuOpened, toggleMenu }: AppHeaderProps) {
  return (
    <AppShell.Header>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          {isAuthenticated && (
            <Burger opened={menuOpened} onClick={toggleMenu} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
          )}
          <Brand />
          <Group gap={4} ml="md" visibleFrom="sm" component="nav" aria-label="Main">
            {links.map((link) => (
              <Button
                key={link.to}
                component={NavLink}
                to={link.to}
                {...preloadProps(link.to)}
                variant="subtle"
                color="gray"
                className={classes.headerLink}
              >
                {link.label}
              </Button>
            ))}
          </Group>
        </Group>

        {isAuthenticated ? (
          <Group gap="sm" wrap="nowrap">
            {/* One bell for every width: what happened while the user was away (issue #31). */}
            <Suspense fallback={null}>
              <BellWithChats />
            </Suspense>
            <Group gap="sm" wrap="nowrap" visibleFrom="sm">
              <WelcomeText />
              <LogoutButton />
            </Group>
            {/* Phones: the picture only; the name and Log Out are in the menu. */}
            <Box hiddenFrom="sm">
              <WelcomeAvatar />
            </Box>
          </Group>
        ) : (
          <LoginButton />
        )}
      </Group>
    </AppShell.Header>
  );
});

/**
 * The frame of every page: a header with the role-gated links, the welcome text and Log In / Log
 * Out; below the `sm` breakpoint the links move into a drawer opened by the burger.
 */
export function AppLayout() {
  const [menuOpened, menu] = useDisclosure(false);
  const { isAuthenticated } = useAuth();
  const role = useRole();
  const links = useMemo(() => navLinksFor(role), [role]);
  const { pathname } = useLocation();

  useEffect(() => {
    const preloads = links.map((link) => PRELOADS[link.to]).filter((preload) => preload !== undefined);
    if (preloads.length === 0) return;
    const run = () => preloads.forEach((preload) => preload());
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(run, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = setTimeout(run, 1000);
    return () => clearTimeout(handle);
  }, [links]);

  // Following a link closes the phone menu.
  const closeMenu = menu.close;
  useEffect(() => {
    closeMenu();
  }, [pathname, closeMenu]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { desktop: true, mobile: !menuOpened || !isAuthenticated } }}
      padding={{ base: 'sm', sm: 'md' }}
    >
      {isAuthenticated && (
        <Suspense fallback={null}>
          <CurrentUserSync />
        </Suspense>
      )}

      <AppHeader isAuthenticated={isAuthenticated} links={links} menuOpened={menuOpened} toggleMenu={menu.toggle} />

      {/* Rendered only while open, so a visitor's page and the desktop layout hold a single
          Log In / Log Out control rather than a hidden duplicate. */}
      {isAuthenticated && menuOpened && (
        <AppShell.Navbar p="md" aria-label="Main (mobile)">
          <Stack gap="xs">
            <WelcomeText />
            <Divider my="xs" />
            {links.map((link) => (
              <MantineNavLink
                key={link.to}
                component={NavLink}
                to={link.to}
                {...preloadProps(link.to)}
                label={link.label}
                active={sameSection(pathname, link.to)}
                variant="light"
              />
            ))}
            <Divider my="xs" />
            <LogoutButton fullWidth />
          </Stack>
        </AppShell.Navbar>
      )}

      <AppShell.Main>
        {isAuthenticated && (
          <Suspense fallback={null}>
            <PartnerClaimNotice />
          </Suspense>
        )}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
