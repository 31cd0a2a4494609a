import { Alert, Button, Code, Drawer, Group, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import type { MailMessage } from '@playtime/shared/contract/email';
import { ResponsiveTable } from '../../components/responsive-table';
import { useSmallScreen } from '../../hooks/use-small-screen';
import { errorMessage } from '../../lib/notify';
import { useCaughtMail, useMailMessage } from './api/mail';

const COLUMNS = (['Received', 'To', 'Subject', 'Kind', 'Message'] as const).map((name) => ({ name }));
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The mail's HTML in a sandboxed frame: no scripts, no forms, no access to the app; its links open
 * in a new tab (so an admin can follow a verification link), never inside the frame.
 */
function RenderedMail({ message }: { message: MailMessage }) {
  if (!message.html) return <Code block>{message.text}</Code>;
  return (
    <iframe
      title={`Rendered mail: ${message.subject}`}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      srcDoc={`<base target="_blank">${message.html}`}
      style={{ width: '100%', height: 520, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
    />
  );
}

function OpenMail({ id }: { id: number }) {
  const { data: message, error, isLoading } = useMailMessage(id);
  if (isLoading) return <Text c="dimmed">Loading the mail…</Text>;
  if (error || !message) return <Alert color="red">{errorMessage(error)}</Alert>;
  return (
    <>
      <Text fz="sm" c="dimmed" mb="sm" style={{ overflowWrap: 'anywhere' }}>
        From {message.from} to {message.to} · {when.format(new Date(message.sentAt))}
      </Text>
      <Tabs defaultValue="rendered" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="rendered">Rendered</Tabs.Tab>
          <Tabs.Tab value="text">Plain text</Tabs.Tab>
          <Tabs.Tab value="raw">Raw source</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rendered">
          <RenderedMail message={message} />
        </Tabs.Panel>
        <Tabs.Panel value="text">
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.text}
          </Code>
        </Tabs.Panel>
        <Tabs.Panel value="raw">
          {/* A scrolling region takes keyboard focus, so it can be scrolled without a mouse. */}
          <Code
            block
            tabIndex={0}
            aria-label="Raw source"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 520, overflow: 'auto' }}
          >
            {message.raw}
          </Code>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

/** Admin → Mail: every mail the embedded SMTP server caught (standalone, no SMTP_URL), newest first. */
export function MailPanel() {
  const mail = useCaughtMail();
  const small = useSmallScreen();
  const [openId, setOpenId] = useState<number | null>(null);
  const items = mail.data?.pages.flatMap((page) => page.items) ?? [];
  const opened = items.find((item) => item.id === openId);
  const records = items.map((item) => ({
    key: String(item.id),
    label: `${item.subject} to ${item.to}`,
    cells: {
      Received: when.format(new Date(item.sentAt)),
      To: item.to,
      Subject: item.subject,
      Kind: item.kind ?? '—',
      Message: (
        <Button
          size="compact-sm"
          variant={openId === item.id ? 'filled' : 'light'}
          aria-label={`Read "${item.subject}" to ${item.to}`}
          aria-pressed={openId === item.id}
          onClick={() => setOpenId(item.id)}
        >
          Read
        </Button>
      ),
    },
  }));
  return (
    <Stack gap="md">
      <Text c="dimmed" fz="sm">
        Standalone, Playtime&apos;s mail never leaves this machine: an embedded SMTP server catches it here. With
        SMTP_URL set, mail goes to that server instead and nothing shows here.
      </Text>
      <ResponsiveTable
        label="Caught mail"
        columns={COLUMNS}
        records={records}
        minWidth={720}
        loading={mail.isLoading}
        message={
          mail.error ? (
            <Alert color="red">{errorMessage(mail.error)}</Alert>
          ) : items.length === 0 && !mail.isLoading ? (
            <Text c="dimmed">No mail yet.</Text>
          ) : undefined
        }
      />
      <Group>
        <Button variant="default" onClick={() => void mail.refetch()} loading={mail.isRefetching}>
          Refresh
        </Button>
        {mail.hasNextPage && (
          <Button variant="default" onClick={() => void mail.fetchNextPage()} loading={mail.isFetchingNextPage}>
            Older
          </Button>
        )}
      </Group>
      {/* Issue #41: read beside the list, in view wherever the row was; the focus goes in, and back to Read on close. */}
      <Drawer
        opened={openId !== null}
        onClose={() => setOpenId(null)}
        position="right"
        size={small ? '100%' : 'xl'}
        title={opened?.subject ?? 'Mail'}
      >
        {openId !== null && <OpenMail id={openId} />}
      </Drawer>
    </Stack>
  );
}
