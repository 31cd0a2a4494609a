import { Container, Tabs } from '@mantine/core';
import { IconBuildingStadium, IconUsers } from '@tabler/icons-react';
import { PageTitle } from '../../components/page-title';
import { FieldOwnerApplications } from '../../features/partner-applications/field-owner-applications';
import { UserManagement } from '../../features/users/admin/user-management';

/** /admin: composes the users feature's table and the partner-applications feature's tab. */
export function AdminPage() {
  return (
    <Container size="xl">
      <PageTitle title="Admin" />
      <Tabs defaultValue="users" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} />}>
            Users
          </Tabs.Tab>
          <Tabs.Tab value="applications" leftSection={<IconBuildingStadium size={16} />}>
            Field Owners Applications
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UserManagement />
        </Tabs.Panel>
        <Tabs.Panel value="applications">
          <FieldOwnerApplications />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
