import { Container, Tabs } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { useSearchParams } from 'react-router';
import { IconActivity, IconBuildingStadium, IconHistory, IconMail, IconUsers } from '@tabler/icons-react';
import classes from './admin.module.css';
import { PageTitle } from '../../components/page-title';
import { EventHistory } from '../../features/audit';
import { MailPanel } from '../../features/mail';
import { SystemPanel } from '../../features/system';
import { FieldOwnerApplications } from '../../features/partner-applications';
import { UserManagement } from '../../features/users';

/** /admin: composes the users feature's table, the partner-applications feature's tab, the audit feature's event history, the system feature's operations and the mail feature's caught mail. */
export function AdminPage() {
  // The tab lives in the address too, so a shared history view opens on its tab.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'users';
  // The admin's confirmations (modals.openConfirmModal) are the app's only ones: their provider lives
  // here, so the other pages do not load the modal machinery with their first download.
  return (
    <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
      <Container size="xl">
        <PageTitle title="Admin" />
        <Tabs
          value={tab}
          onChange={(value) => setParams(value && value !== 'users' ? { tab: value } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="lg" className={classes.tabList}>
            <Tabs.Tab className={classes.tab} value="users" leftSection={<IconUsers size={16} />}>
              Users
            </Tabs.Tab>
            <Tabs.Tab className={classes.tab} value="applications" leftSection={<IconBuildingStadium size={16} />}>
              Field Owners Applications
            </Tabs.Tab>
            <Tabs.Tab className={classes.tab} value="history" leftSection={<IconHistory size={16} />}>
              Event History
            </Tabs.Tab>
            <Tabs.Tab className={classes.tab} value="system" leftSection={<IconActivity size={16} />}>
              System
            </Tabs.Tab>
            <Tabs.Tab className={classes.tab} value="mail" leftSection={<IconMail size={16} />}>
              Mail
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="users">
            <UserManagement />
          </Tabs.Panel>
          <Tabs.Panel value="applications">
            <FieldOwnerApplications />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <EventHistory />
          </Tabs.Panel>
          <Tabs.Panel value="system">
            <SystemPanel />
          </Tabs.Panel>
          <Tabs.Panel value="mail">
            <MailPanel />
          </Tabs.Panel>
        </Tabs>
      </Container>
    </ModalsProvider>
  );
}
