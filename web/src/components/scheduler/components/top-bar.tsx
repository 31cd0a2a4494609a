import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconFilter,
  IconMoon,
  IconSun,
  IconX,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import type { Ref } from 'react';
import { filterButtonMode } from '../config';
import { MAX_ZOOM, MIN_ZOOM } from '../layout/constants';
import classes from '../scheduler.module.css';
import type { SchedulerLangDictionary, SchedulerThemeMode, SchedulerZoom } from '../types';

export interface TopBarProps {
  t: SchedulerLangDictionary['topbar'];
  zoom: SchedulerZoom;
  mode: SchedulerThemeMode;
  filterButtonState: number;
  showThemeToggle: boolean;
  hasData: boolean;
  /** Filled in directly by the scroll handler with the first visible date. */
  rangeLabelRef: Ref<HTMLSpanElement>;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  onZoomOut: () => void;
  onZoomIn: () => void;
  onToggleTheme: () => void;
  onFilterData?: () => void;
  onClearFilterData?: () => void;
}

export function TopBar(props: TopBarProps) {
  const { t, zoom, mode, hasData } = props;
  const filterMode = filterButtonMode(props.filterButtonState);

  return (
    <div className={classes.topBar}>
      {filterMode === 'outline' && (
        <Button size="xs" variant="default" leftSection={<IconFilter size={14} />} onClick={props.onFilterData}>
          {t.filters}
        </Button>
      )}
      {filterMode === 'filled' && (
        <Button.Group>
          <Button size="xs" variant="filled" leftSection={<IconFilter size={14} />} onClick={props.onFilterData}>
            {t.filters}
          </Button>
          <Button
            size="xs"
            variant="filled"
            px={6}
            aria-label={`${t.filters} ×`}
            onClick={props.onClearFilterData}
            style={{ borderLeft: '1px solid color-mix(in srgb, var(--mantine-color-white) 35%, transparent)' }}
          >
            <IconX size={14} />
          </Button>
        </Button.Group>
      )}

      <Group gap={4} wrap="nowrap">
        <Tooltip label={t.prev}>
          <ActionIcon variant="default" size="md" aria-label={t.prev} disabled={!hasData} onClick={props.onPrev}>
            <IconChevronLeft size={16} />
          </ActionIcon>
        </Tooltip>
        <Button size="xs" variant="default" onClick={props.onToday}>
          {t.today}
        </Button>
        <Tooltip label={t.next}>
          <ActionIcon variant="default" size="md" aria-label={t.next} disabled={!hasData} onClick={props.onNext}>
            <IconChevronRight size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>

      <span ref={props.rangeLabelRef} className={classes.rangeLabel} aria-live="polite" />

      <div className={classes.topBarSpacer} />

      {props.showThemeToggle && (
        <ActionIcon
          variant="default"
          size="md"
          aria-label={mode === 'dark' ? 'Light theme' : 'Dark theme'}
          onClick={props.onToggleTheme}
        >
          {mode === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />}
        </ActionIcon>
      )}

      <Group gap={6} wrap="nowrap">
        <span className={classes.viewLabel}>{t.view}</span>
        <ActionIcon
          variant="filled"
          radius="xl"
          size="md"
          aria-label={`${t.view} −`}
          disabled={zoom <= MIN_ZOOM}
          onClick={props.onZoomOut}
        >
          <IconZoomOut size={16} />
        </ActionIcon>
        <ActionIcon
          variant="filled"
          radius="xl"
          size="md"
          aria-label={`${t.view} +`}
          disabled={zoom >= MAX_ZOOM}
          onClick={props.onZoomIn}
        >
          <IconZoomIn size={16} />
        </ActionIcon>
      </Group>
    </div>
  );
}
