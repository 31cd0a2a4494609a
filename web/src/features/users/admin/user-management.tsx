import { rooms } from '@playtime/shared/contract/rooms';
import { describeGameLeft, describeUserDeletion } from '@playtime/shared/contract/users';
import { Avatar, Badge, Button, Card, Group, List, Select, Text, Title } from '@mantine/core';
import { lazy, useEffect, useState, type ReactNode } from 'react';
import { browserTimeZone } from '../../../lib/api-client';
import { useLiveRoom } from '../../../hooks/use-live-room';
import {
  useAdminDeleteUser,
  useAdminEditUser,
  useFetchUserDeletionPreview,
  useUsersPage,
  type AdminUserRow,
} from '../api/admin-users';
import { useCurrentUser } from '../../../lib/current-user/current-user';
import { adminUserKeys } from '../../../lib/current-user/query-keys';
import { ROLES, isRole, roleLabel, type Role } from '../../../lib/current-user/roles';
import { WhenFirstOpened } from '../../../components/lazy-dialogs';
import { pagingState } from '../../../components/paging';
import { ResponsiveTable, type TableColumn } from '../../../components/responsive-table';
import { TablePaging, useTablePages } from '../../../components/table-paging';
import { RowDeleteButton, RowEditButton } from '../../../components/row-actions';
import { confirmDanger } from '../../../components/confirm-danger';

// Loaded when first opened: it checks its form with the contract's schema, which the pages that show
// the signed-in frame (and so this module) should not download before an admin clears a mark.
const LazyClearMarkDialog = lazy(() =>
  import('./clear-mark-dialog').then((module) => ({ default: module.ClearMarkDialog })),
);

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role }));
/**
 * Fixed widths (the table lays out fixed), so a row entering edit mode (a role select, Save and
 * Cancel) cannot make the columns jump.
 */
const COLUMNS = [
  { name: 'User ID', width: '17%' },
  { name: 'Username', width: '12%' },
  { name: 'Email', width: '19%' },
  { name: 'Profile Picture', width: '10%' },
  { name: 'Role', width: '14%' },
  { name: 'No-shows', width: '8%' },
  { name: 'Actions', width: '20%' },
] as const satisfies readonly TableColumn<string>[];
type ColumnName = (typeof COLUMNS)[number]['name'];

interface RoleEdit {
  userId: string;
  role: Role;
}

/**
 * `consequences`: what the deletion withdraws, cancels and refunds (describeUserDeletion), with the games
 * a player leaves and each one's refund (issue #41), or why that could not be checked.
 */
function confirmDelete(
  user: AdminUserRow,
  consequences: { line: string; gamesLeft: string[] } | { error: string },
  onConfirm: () => void,
) {
  confirmDanger({
    title: 'Delete user',
    confirm: 'Delete',
    children: (
      <>
        <Text size="sm">
          Delete <b>{user.username}</b> ({user.email})? Their account and role are removed; this cannot be undone.
        </Text>
        {'line' in consequences ? (
          <>
            <Text size="sm" fw={600} mt="sm">
              {consequences.line}
            </Text>
            {consequences.gamesLeft.length > 0 && (
              <List size="sm" mt="xs" aria-label="Games they leave">
                {consequences.gamesLeft.map((game) => (
                  <List.Item key={game}>{game}</List.Item>
                ))}
              </List>
            )}
          </>
        ) : (
          <Text size="sm" c="red" mt="sm" role="alert">
            Could not check what this deletes: {consequences.error}
          </Text>
        )}
      </>
    ),
    onConfirm,
  });
}

/** An admin about to change their own role is asked first: taking away their admin role locks them out of this page. */
function confirmOwnRoleChange(role: Role, onConfirm: () => void) {
  confirmDanger({
    title: 'Change your own role',
    confirm: 'Change my role',
    children: (
      <Text size="sm">
        Change your own role to <b>{roleLabel(role)}</b>?{' '}
        {role === 'admin' ? '' : 'You will no longer be an admin and cannot manage users.'}
      </Text>
    ),
    onConfirm,
  });
}

/** The admin's 'User Management' table (a card per user on phones): server-paged, role edit one user at a time, delete. */
export function UserManagement() {
  const pages = useTablePages();
  const { page, pageSize, setPage } = pages;
  const [edit, setEdit] = useState<RoleEdit | null>(null);

  const usersPage = useUsersPage(page, pageSize);
  const { data: me } = useCurrentUser();
  const editRole = useAdminEditUser();
  const deleteUser = useAdminDeleteUser();
  const fetchDeletionPreview = useFetchUserDeletionPreview();
  // The row whose deletion preview is being fetched, so its Delete button shows it is working.
  const [previewing, setPreviewing] = useState<string | null>(null);
  // Issue #44: the player whose attendance mark an admin is clearing.
  const [clearing, setClearing] = useState<AdminUserRow | null>(null);
  // Another admin's change (or a user's own profile edit) refreshes the table live.
  useLiveRoom(rooms.admin, [adminUserKeys.all]);

  const users = usersPage.data?.users ?? [];
  const paging = pagingState(page, pageSize, usersPage.data?.total ?? 0);

  // A delete can empty the last page; show the new last page instead of an empty one.
  useEffect(() => {
    if (usersPage.data && !usersPage.isPlaceholderData && page > paging.lastPage) setPage(paging.lastPage);
  }, [usersPage.data, usersPage.isPlaceholderData, page, paging.lastPage]);

  /** Asks the server what the deletion will do, then lets the admin confirm with that in front of them. */
  const askToDelete = async (user: AdminUserRow) => {
    setPreviewing(user.userId);
    const consequences = await fetchDeletionPreview(user.userId).then(
      (preview) => ({
        line: describeUserDeletion(preview),
        gamesLeft: preview.gamesLeft.map((game) => describeGameLeft(game, browserTimeZone() ?? 'UTC')),
      }),
      (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
    );
    setPreviewing(null);
    confirmDelete(user, consequences, () => deleteUser.mutate({ userId: user.userId }));
  };

  const saveRole = () => {
    if (!edit) return;
    const save = () => editRole.mutate(edit, { onSuccess: () => setEdit(null) });
    if (edit.userId === me?.userId && edit.role !== me.role) confirmOwnRoleChange(edit.role, save);
    else save();
  };

  /** What each column shows of a user (a table row on wide screens, a card on phones). */
  const cellsOf = (user: AdminUserRow): Record<ColumnName, ReactNode> => {
    const isEditing = edit?.userId === user.userId;
    return {
      'User ID': (
        <Text ff="monospace" fz="xs" style={{ wordBreak: 'break-all' }}>
          {user.userId}
        </Text>
      ),
      Username: (
        <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {user.username}
        </Text>
      ),
      Email: (
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
      ),
      'Profile Picture': user.profilePicture ? (
        <Avatar src={user.profilePicture} alt={`${user.username}'s picture`} radius="xl" size={36} />
      ) : (
        <Text c="dimmed" fz="sm">
          No Image
        </Text>
      ),
      Role: isEditing ? (
        <Select
          aria-label={`Role of ${user.username}`}
          data={ROLE_OPTIONS}
          value={edit.role}
          onChange={(value) => {
            if (isRole(value)) setEdit({ userId: user.userId, role: value });
          }}
          allowDeselect={false}
          size="xs"
          comboboxProps={{ withinPortal: true }}
        />
      ) : (
        <Badge variant="light" color={user.role === 'admin' ? 'grape' : user.role === 'field owner' ? 'blue' : 'pitch'}>
          {roleLabel(user.role)}
        </Badge>
      ),
      // Issue #44: no-shows within the pause's window; an admin clears one with a reason (Clear mark).
      'No-shows': (
        <Text fz="sm" fw={user.noShows > 0 ? 700 : undefined} c={user.noShows > 0 ? 'red.9' : undefined}>
          {user.noShows}
        </Text>
      ),
      Actions: isEditing ? (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" onClick={saveRole} loading={editRole.isPending}>
            Save
          </Button>
          <Button size="xs" variant="default" onClick={() => setEdit(null)} disabled={editRole.isPending}>
            Cancel
          </Button>
        </Group>
      ) : (
        <Group gap="xs" wrap="wrap">
          <RowEditButton onClick={() => setEdit({ userId: user.userId, role: user.role })} />
          <RowDeleteButton loading={previewing === user.userId} onClick={() => void askToDelete(user)} />
          {user.noShows > 0 && (
            <Button size="xs" variant="default" onClick={() => setClearing(user)} aria-haspopup="dialog">
              Clear mark
            </Button>
          )}
        </Group>
      ),
    };
  };

  const records = users.map((user) => ({ key: user.userId, label: user.username, cells: cellsOf(user) }));

  return (
    <Card padding="lg">
      <Title order={2} fz="xl" mb="md">
        User Management
      </Title>
      <ResponsiveTable
        label="Users"
        columns={COLUMNS}
        records={records}
        minWidth={860}
        loading={usersPage.isPending}
        message={
          records.length > 0 ? undefined : (
            <Text c="dimmed" ta="center" py="md">
              No results
            </Text>
          )
        }
      />

      <TablePaging pages={pages} total={usersPage.data?.total ?? 0} loading={usersPage.isPlaceholderData} />
      <WhenFirstOpened opened={clearing !== null}>
        {(opened) => <LazyClearMarkDialog player={opened ? clearing : null} onClose={() => setClearing(null)} />}
      </WhenFirstOpened>
    </Card>
  );
}
