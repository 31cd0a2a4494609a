import { Avatar, UnstyledButton } from '@mantine/core';
import { isValidElement, memo } from 'react';
import type { ResourceRowLayout } from '../layout/stacking';
import classes from '../scheduler.module.css';
import type { SchedulerResource } from '../types';

export interface ResourceListProps {
  rows: ResourceRowLayout[];
  onItemClick?: (resource: SchedulerResource) => void;
  /** False in the narrow (phone) column, where the names need all of its width. */
  withIcons: boolean;
}

function ResourceIcon({ resource }: { resource: SchedulerResource }) {
  const { icon, title } = resource.label;
  if (isValidElement(icon)) return icon;
  if (typeof icon === 'string' && icon) return <Avatar src={icon} alt="" size={32} radius="xl" />;
  return <Avatar name={title} color="initials" size={32} radius="xl" />;
}

export const ResourceList = memo(function ResourceList({ rows, onItemClick, withIcons }: ResourceListProps) {
  return (
    <div className={classes.resourceColumn}>
      {rows.map(({ resource, height }) => (
        <UnstyledButton
          key={resource.id}
          className={classes.resourceItem}
          style={{ height }}
          onClick={() => onItemClick?.(resource)}
          title={resource.label.title}
        >
          {withIcons && <ResourceIcon resource={resource} />}
          <span className={classes.resourceText}>
            <span className={classes.resourceTitle}>{resource.label.title}</span>
            {resource.label.subtitle && <span className={classes.resourceSubtitle}>{resource.label.subtitle}</span>}
          </span>
        </UnstyledButton>
      ))}
    </div>
  );
});
