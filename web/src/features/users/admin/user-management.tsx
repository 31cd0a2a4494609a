import { rooms } from '@playtime/shared/contract/rooms';
import { Avatar, Badge, Button, Card, Group, Select, Skeleton, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLiveRoom } from '../../realtime/use-live-room';
import { useAdminDeleteUser, useAdminEditUser, useUsersPage, type AdminUserRow } from '../api/admin-users';
import { useCurrentUser } from '../api/current-user';
import { adminUserKeys } from '../api/query-keys';
import { ROLES, isRole, roleLabel, type Role } from '../roles';
import { PAGE_SIZE_OPTIONS, pagingState } from '../../../components/paging';
import { TablePaging } from '../../../components/table-paging';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role }));
/**
 * Fixed widths (the table lays out fixed), so a row entering edit mode (a role select, Save and
 * Cancel) cannot make the columns jump.
 */
const COLUMNS = [
  { name: 'User ID', width: '20%' },
  { name: 'Username', width: '13%' },
  { name: 'Email', width: '21%' },
  { name: 'Profile Picture', width: '11%' },
  { name: 'Role', width: '16%' },
  { name: 'Actions', width: '19%' },
] as const;

interface RoleEdit {
  userId: string;
  role: Role;
}

function confirmDelete(user: AdminUserRow, onConfirm: () => void) {
  modals.openConfirmModal({
    title: 'Delete user',
    centered: true,
    children: (
      <Text size="sm">
        Delete <b>{user.username}</b> ({user.email})? Their account and role are removed; this cannot be undone.
      </Text>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/** An admin about to change their own role is asked first: taking away their admin role locks them out of this page. */
function confirmOwnRoleChange(role: Role, onConfirm: () => void) {
  modals.openConfirmModal({
    title: 'Change your own role',
    centered: true,
    children: (
      <Text size="sm">
        Change your own role to <b>{roleLabel(role)}</b>? {role === 'admin' ? '' : 'You will no longer be an admin and cannot manage users.'}
      </Text>
    ),
    labels: { confirm: 'Change my role', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/** The admin's 'User Management' table: server-paged, role edit one row at a time, delete. */
export function UserManagement() {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE_OPTIONS[0]);
  const [edit, setEdit] = useState<RoleEdit | null>(null);

  const usersPage = useUsersPage(page, pageSize);
  const { data: me } = useCurrentUser();
  const editRole = useAdminEditUser();
  const deleteUser = useAdminDeleteUser();
  // Another admin's change (or a user's own profile edit) refreshes the table live.
  useLiveRoom(rooms.admin, [adminUserKeys.all]);

  const users = usersPage.data?.users ?? [];
  const paging = pagingState(page, pageSize, usersPage.data?.total ?? 0);

  // A delete can empty the last page; show the new last page instead of an empty one.
  useEffect(() => {
    if (usersPage.data && !usersPage.isPlaceholderData && page > paging.lastPage) setPage(paging.lastPage);
  }, [usersPage.data, usersPage.isPlaceholderData, page, paging.lastPage]);

  const saveRole = () => {
    if (!edit) return;
    const save = () => editRole.mutate(edit, { onSuccess: () => setEdit(null) });
    if (edit.userId === me?.userId && edit.role !== me.role) confirmOwnRoleChange(edit.role, save);
    else save();
  };

  const rows = users.map((user) => {
    const isEditing = edit?.userId === user.userId;
    return (
      <Table.Tr key={user.userId}>
        <Table.Td>
          <Text ff="monospace" fz="xs" style={{ wordBreak: 'break-all' }}>
            {user.userId}
          </Text>
        </Table.Td>
        <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
          {user.username}
        </Table.Td>
        <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email}</Table.Td>
        <Table.Td>
          {user.profilePicture ? (
            <Avatar src={user.profilePicture} alt={`${user.username}'s picture`} radius="xl" size={36} />
          ) : (
            <Text c="dimmed" fz="sm">
              No Image
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          {isEditing ? (
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
          )}
        </Table.Td>
        <Table.Td>
          {isEditing ? (
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" onClick={saveRole} loading={editRole.isPending}>
                Save
              </Button>
              <Button size="xs" variant="default" onClick={() => setEdit(null)} disabled={editRole.isPending}>
                Cancel
              </Button>
            </Group>
          ) : (
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPencil size={14} />}
                onClick={() => setEdit({ userId: user.userId, role: user.role })}
              >
                Edit
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => confirmDelete(user, () => deleteUser.mutate({ userId: user.userId }))}
              >
                Delete
              </Button>
            </Group>
          )}
        </Table.Td>
      </Table.Tr>
    );
  });

  const placeholderRows = Array.from({ length: 3 }, (_, index) => (
    <Table.Tr key={`loading-${index}`}>
      {COLUMNS.map((column) => (
        <Table.Td key={column.name}>
          <Skeleton h={20} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));

  return (
    <Card padding="lg">
      <Title order={2} fz="xl" mb="md">
        User Management
      </Title>
      <Table.ScrollContainer minWidth={860}>
        <Table striped highlightOnHover verticalSpacing="sm" layout="fixed">
          <colgroup>
            {COLUMNS.map((column) => (
              <col key={column.name} style={{ width: column.width }} />
            ))}
          </colgroup>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column.name}>{column.name}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {usersPage.isPending ? (
              placeholderRows
            ) : rows.length > 0 ? (
              rows
            ) : (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length}>
                  <Text c="dimmed" ta="center" py="md">
                    No results
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <TablePaging
        page={page}
        pageSize={pageSize}
        total={usersPage.data?.total ?? 0}
        loading={usersPage.isPlaceholderData}
        onPage={setPage}
        onPageSize={setPageSize}
      />
    </Card>
  );
}
