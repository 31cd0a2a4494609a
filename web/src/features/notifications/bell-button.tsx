import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { NOTIFICATION_UI_TEXTS as TEXTS } from '@playtime/shared/contract/notification-inbox';
import classes from './notification-bell.module.css';

export interface BellButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'color' | 'children'> {
  unread: number;
  opened: boolean;
}

/** The header's bell: the unread count is drawn inside the button, whose name says it, so a screen reader hears it once. */
export function BellButton({ unread, opened, ...buttonProps }: BellButtonProps) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      {...buttonProps}
      aria-label={unread > 0 ? TEXTS.bellWithUnread(unread) : TEXTS.bell}
      aria-expanded={opened}
      aria-haspopup="dialog"
      className={classes.bell}
    >
      <Indicator label={unread > 99 ? '99+' : unread} size={16} disabled={unread === 0} color="red.8" offset={2}>
        <IconBell size={22} aria-hidden />
      </Indicator>
    </ActionIcon>
  );
}
