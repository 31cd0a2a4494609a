import { Container, Tabs } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { useSearchParams } from 'react-router';
import {
  IconActivity,
  IconBuildingStadium,
  IconHistory,
  IconMail,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import classes from './admin.module.css';
import { PageTitle } from '../../components/page-title';
import { EventHistory } from '../../features/audit';
import { MailPanel } from '../../features/mail';
import { SystemPanel } from '../../features/system';
import { FieldOwnerApplications } from '../../features/partner-applications';
import { UserManagement } from '../../features/users';

/** The admin's tabs in order: the value is the address's ?tab=, the panel a feature's own view. */
const ADMIN_TABS: { value: string; label: string; icon: TablerIcon; Panel: ComponentType }[] = [
  { value: 'users', label: 'Users', icon: IconUsers, Panel: UserManagement },
  {
    value: 'applications',
    label: 'Field Owners Applications',
    icon: IconBuildingStadium,
    Panel: FieldOwnerApplications,
  },
  { value: 'history', label: 'Event History', icon: IconHistory, Panel: EventHistory },
  { value: 'system', label: 'System', icon: IconActivity, Panel: SystemPanel },
  { value: 'mail', label: 'Mail', icon: IconMail, Panel: MailPanel },
];

/** /admin: composes the users feature's table, the partner-applications feature's tab, the audit feature's event history, the system feature's operations and the mail feature's caught mail. */
export function AdminPage() {
  // The tab lives in the address too, so a shared history view opens on its tab.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'users';
  // The admin's confirmations (confirmDanger) are the app's only ones: their provider lives
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
            {ADMIN_TABS.map(({ value, label, icon: Icon }) => (
              <Tabs.Tab key={value} className={classes.tab} value={value} leftSection={<Icon size={16} />}>
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {ADMIN_TABS.map(({ value, Panel }) => (
            <Tabs.Panel key={value} value={value}>
              <Panel />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Container>
    </ModalsProvider>
  );
}
