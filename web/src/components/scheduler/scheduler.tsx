import { Button, EmptyState, TextInput } from '@mantine/core';
import { useDebouncedValue, useElementSize, useMergedRef } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconSearch } from '@tabler/icons-react';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent as ReactMouseEvent,
} from 'react';
import { clampZoom, resolveConfig } from './config';
import { EmptyIllustration } from './components/empty-illustration';
import { GridBody } from './components/grid-body';
import { HeaderRows } from './components/header-rows';
import { LoadingEdges } from './components/loading-edges';
import { OccupancyTooltip, type OccupancyTooltipContent } from './components/occupancy-tooltip';
import { ResourceList } from './components/resource-list';
import { TopBar } from './components/top-bar';
import { createLeadingGate } from './hooks/leading-gate';
import { createThrottle } from './hooks/throttle';
import { useNow } from '../../hooks/use-now';
import { useSchedulerLocale } from './hooks/use-scheduler-locale';
import {
  HEADER_HEIGHT,
  NAVIGATION_DEBOUNCE_MS,
  RESOURCE_COLUMN_WIDTH,
  SEARCH_DEBOUNCE_MS,
  TOOLTIP_THROTTLE_MS,
} from './layout/constants';
import { startOfUnit, toMs } from './layout/dates';
import { buildHeader, cellLabel, rangeLabel } from './layout/header-cells';
import { hitTest } from './layout/hit-test';
import { cellOccupancy } from './layout/occupancy';
import { columnBounds, computeWindow, detectScrollEdge, shiftForEdge, stepDate, windowRange } from './layout/ranges';
import {
  FIRST_PAGE,
  paginate,
  pagingFor,
  resourceColumnWidth,
  titleMatches,
  turnPage,
  type Paging,
} from './layout/resources';
import { layoutResources, normalizeResources } from './layout/stacking';
import { dateAtOffset, offsetForDate } from './layout/tile-position';
import classes from './scheduler.module.css';
import { paletteCssVariables, resolvePalette } from './theme';
import type { SchedulerProps, SchedulerThemeMode, SchedulerZoom } from './types';

/** Used for the first render, before the scroll area has been measured. */
const FALLBACK_VIEWPORT_WIDTH = 1200;
const TOOLTIP_OFFSET = 16;

function initialAnchor(startDate: SchedulerProps['startDate']): Date {
  const ms = startDate === undefined ? Number.NaN : toMs(startDate);
  return Number.isNaN(ms) ? new Date() : new Date(ms);
}

/**
 * A resource-scheduling timeline: resources down the left, time across the top at week, day or
 * hour zoom, bookings as tiles (overlaps stacked into sub-rows), paging, search, an occupancy
 * tooltip and a light/dark mode of its own.
 */
export function Scheduler(props: SchedulerProps) {
  const {
    data,
    config,
    isLoading = false,
    onRangeChange,
    onTileClick,
    onItemClick,
    onFilterData,
    onClearFilterData,
    startDate,
    height,
  } = props;
  const cfg = useMemo(() => resolveConfig(config), [config]);
  const locale = useSchedulerLocale(cfg.lang, cfg.translations);
  const t = locale.lang;
  const localeCode = locale.translateCode;
  // The current-day highlight and the now line move once a minute.
  const now = useNow(60_000).getTime();

  // ----- view state -----
  const [zoom, setZoom] = useState<SchedulerZoom>(cfg.zoom);
  const [mode, setMode] = useState<SchedulerThemeMode>(cfg.defaultTheme);
  const [anchor, setAnchor] = useState<Date>(() => initialAnchor(startDate));
  /** Bumped to scroll the anchor's column to the left edge of the viewport. */
  const [scrollTick, setScrollTick] = useState(0);
  /** Where the next layout scrolls: the anchor's column, an exact time (after a zoom), or nowhere. */
  const scrollToAnchorRef = useRef<boolean | { time: number }>(true);
  /**
   * Where the last zoom put the view. Zooming back without scrolling in between returns to that exact
   * time: read back from a coarser view's pixels it would drift by up to a column.
   */
  const zoomedToRef = useRef<{ time: number; scrollLeft: number } | null>(null);
  const visibleStartRef = useRef(anchor.getTime());
  const edgeLockRef = useRef(false);
  const navGateRef = useRef(createLeadingGate(NAVIGATION_DEBOUNCE_MS));

  const requestAnchorScroll = useCallback(() => {
    scrollToAnchorRef.current = true;
    setScrollTick((n) => n + 1);
  }, []);

  const applyZoom = useCallback((next: SchedulerZoom) => {
    const left = scrollerRef.current?.scrollLeft;
    const zoomedTo = zoomedToRef.current;
    const time =
      zoomedTo && left !== undefined && Math.abs(left - zoomedTo.scrollLeft) <= 1
        ? zoomedTo.time
        : visibleStartRef.current;
    setAnchor(new Date(time));
    setZoom(next);
    scrollToAnchorRef.current = { time };
    setScrollTick((n) => n + 1);
  }, []);

  const configZoomRef = useRef(cfg.zoom);
  useEffect(() => {
    if (configZoomRef.current === cfg.zoom) return;
    configZoomRef.current = cfg.zoom;
    applyZoom(cfg.zoom);
  }, [cfg.zoom, applyZoom]);

  useEffect(() => {
    setMode(cfg.defaultTheme);
  }, [cfg.defaultTheme]);

  const startMs = startDate === undefined ? undefined : toMs(startDate);
  useEffect(() => {
    if (startMs === undefined || Number.isNaN(startMs)) return;
    setAnchor(new Date(startMs));
    requestAnchorScroll();
  }, [startMs, requestAnchorScroll]);

  // ----- measuring and the rendered window -----
  const scrollerRef = useRef<HTMLDivElement>(null);
  const { ref: sizeRef, width: scrollerWidth } = useElementSize<HTMLDivElement>();
  const mergedScrollerRef = useMergedRef(scrollerRef, sizeRef);
  const measured = scrollerWidth > 0;
  const resourceWidth = resourceColumnWidth(scrollerWidth);
  const narrow = resourceWidth !== RESOURCE_COLUMN_WIDTH;
  const viewportWidth = Math.max(0, scrollerWidth - resourceWidth);

  const timeline = useMemo(
    () => computeWindow(anchor, zoom, measured ? viewportWidth : FALLBACK_VIEWPORT_WIDTH),
    [anchor, zoom, measured, viewportWidth],
  );

  const onRangeChangeRef = useRef(onRangeChange);
  useEffect(() => {
    onRangeChangeRef.current = onRangeChange;
  }, [onRangeChange]);
  useEffect(() => {
    if (measured) onRangeChangeRef.current?.(windowRange(timeline));
  }, [measured, timeline]);

  // ----- resources: search, paging, stacking -----
  const [query, setQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const [storedPaging, setPaging] = useState<Paging>(FIRST_PAGE);
  const paging = pagingFor(storedPaging, debouncedQuery);
  // A new search text (typed or cleared) starts again at the first page; React re-renders at once.
  if (paging !== storedPaging) setPaging(paging);

  const normalized = useMemo(() => normalizeResources(data), [data]);
  const filtered = useMemo(
    () => normalized.filter((n) => titleMatches(n.resource.label.title, debouncedQuery)),
    [normalized, debouncedQuery],
  );
  const page = useMemo(
    () => paginate(filtered, paging.page, cfg.maxRecordsPerPage),
    [filtered, paging.page, cfg.maxRecordsPerPage],
  );
  const layout = useMemo(
    () => layoutResources(page.items, timeline.start, timeline.end),
    [page.items, timeline.start, timeline.end],
  );
  const header = useMemo(
    () => buildHeader(timeline, { now, localeCode, weekLabel: t.week }),
    [timeline, now, localeCode, t.week],
  );

  const goToPage = (next: number) => {
    setPaging(turnPage(paging, next));
    if (scrollerRef.current) scrollerRef.current.scrollTop = 0;
  };

  // ----- scrolling -----
  const rangeLabelRef = useRef<HTMLSpanElement>(null);
  const [tooltip, setTooltip] = useState<OccupancyTooltipContent | null>(null);

  const syncVisibleStart = (scrollLeft: number) => {
    visibleStartRef.current = dateAtOffset(scrollLeft, timeline).getTime();
    // Header labels fit the visible part of their span (Scheduler.module.css, .spanLabel); set
    // directly, like the range label, so scrolling does not re-render.
    scrollerRef.current?.style.setProperty('--pts-scroll-left', `${scrollLeft}px`);
    if (rangeLabelRef.current) {
      rangeLabelRef.current.textContent = rangeLabel(visibleStartRef.current, zoom, localeCode);
    }
  };

  useLayoutEffect(() => {
    const el = scrollerRef.current;
    if (!el || !measured) return;
    const scrollTo = scrollToAnchorRef.current;
    // A re-render that keeps the place (a range loaded at an edge) keeps the exact time a zoom left
    // too, unless the view was scrolled since.
    const zoomedTo = zoomedToRef.current;
    const keptTime =
      scrollTo === false && zoomedTo && Math.abs(el.scrollLeft - zoomedTo.scrollLeft) <= 1 ? zoomedTo.time : undefined;
    const exactTime = typeof scrollTo === 'object' ? scrollTo.time : keptTime;
    const target =
      scrollTo === true
        ? timeline.leadColumns * timeline.columnWidth
        : offsetForDate(exactTime ?? visibleStartRef.current, timeline);
    scrollToAnchorRef.current = false;
    const max = Math.max(0, el.scrollWidth - el.clientWidth);
    el.scrollLeft = Math.min(max, Math.max(0, Math.round(target)));
    if (exactTime !== undefined) zoomedToRef.current = { time: exactTime, scrollLeft: el.scrollLeft };
    edgeLockRef.current = false;
    // syncVisibleStart reads the same timeline, zoom and locale as this render.
    syncVisibleStart(el.scrollLeft);
  }, [timeline, measured, scrollTick, localeCode]);

  const handleScroll = () => {
    const el = scrollerRef.current;
    if (!el) return;
    syncVisibleStart(el.scrollLeft);
    if (tooltip) setTooltip(null);
    if (isLoading || edgeLockRef.current) return;
    const edge = detectScrollEdge({
      scrollLeft: el.scrollLeft,
      clientWidth: el.clientWidth,
      scrollWidth: el.scrollWidth,
    });
    if (!edge) return;
    edgeLockRef.current = true;
    setAnchor((current) => shiftForEdge(current, timeline, edge));
  };

  // ----- navigation -----
  const navigate = (to: Date) => {
    if (isLoading || !navGateRef.current()) return;
    setAnchor(to);
    requestAnchorScroll();
  };
  const visibleUnitStart = () => startOfUnit(visibleStartRef.current, zoom).toDate();

  // ----- tooltip -----
  const tooltipRef = useRef<HTMLDivElement>(null);
  const computeTooltipRef = useRef<(x: number, y: number) => void>(() => {});
  useEffect(() => {
    computeTooltipRef.current = (x: number, y: number) => {
      const hit = hitTest(x, y, layout.resources, timeline);
      if (!hit) {
        setTooltip(null);
        return;
      }
      const row = layout.resources[hit.resourceIndex]!;
      const cell = columnBounds(timeline, hit.columnIndex);
      const bookings = row.rows.flat().map((b) => ({ start: b.start, end: b.end, occupancy: b.booking.occupancy }));
      setTooltip({
        title: row.resource.label.title,
        dateLabel: cellLabel(cell.start, cell.end, timeline.zoom, localeCode, t.week),
        occupancy: cellOccupancy(
          bookings,
          cell.start,
          cell.end,
          timeline.zoom,
          cfg.includeTakenHoursOnWeekendsInDayView,
        ),
      });
    };
  }, [layout, timeline, localeCode, t.week, cfg.includeTakenHoursOnWeekendsInDayView]);
  const throttledTooltip = useMemo(
    () => createThrottle((x: number, y: number) => computeTooltipRef.current(x, y), TOOLTIP_THROTTLE_MS),
    [],
  );
  useEffect(() => () => throttledTooltip.cancel(), [throttledTooltip]);

  const positionTooltip = (clientX: number, clientY: number) => {
    const el = tooltipRef.current;
    if (!el) return;
    const w = el.offsetWidth || 200;
    const h = el.offsetHeight || 110;
    let x = clientX + TOOLTIP_OFFSET;
    let y = clientY + TOOLTIP_OFFSET;
    if (x + w > globalThis.innerWidth - 8) x = clientX - TOOLTIP_OFFSET - w;
    if (y + h > globalThis.innerHeight - 8) y = clientY - TOOLTIP_OFFSET - h;
    el.style.transform = `translate(${Math.max(4, x)}px, ${Math.max(4, y)}px)`;
  };

  const handleGridMouseMove = useCallback(
    (event: ReactMouseEvent<HTMLDivElement>) => {
      if (!cfg.showTooltip) return;
      const rect = event.currentTarget.getBoundingClientRect();
      positionTooltip(event.clientX, event.clientY);
      throttledTooltip(event.clientX - rect.left, event.clientY - rect.top);
    },
    [cfg.showTooltip, throttledTooltip],
  );
  const handleGridMouseLeave = useCallback(() => {
    throttledTooltip.cancel();
    setTooltip(null);
  }, [throttledTooltip]);

  // ----- render -----
  const palette = useMemo(() => resolvePalette(mode, cfg.theme), [mode, cfg.theme]);
  const rootStyle = useMemo(
    () =>
      ({
        ...paletteCssVariables(mode, palette),
        '--pts-resource-width': `${resourceWidth}px`,
        ...(height !== undefined ? { height } : null),
      }) as CSSProperties,
    [mode, palette, height, resourceWidth],
  );
  const headerHeight = HEADER_HEIGHT[zoom];
  const isEmpty = page.items.length === 0;

  return (
    <div className={classes.root} style={rootStyle} data-mode={mode} aria-busy={isLoading || undefined}>
      <TopBar
        t={t.topbar}
        zoom={zoom}
        mode={mode}
        filterButtonState={cfg.filterButtonState}
        showThemeToggle={cfg.showThemeToggle}
        hasData={data.length > 0}
        rangeLabelRef={rangeLabelRef}
        onPrev={() => navigate(stepDate(visibleUnitStart(), zoom, -1))}
        onNext={() => navigate(stepDate(visibleUnitStart(), zoom, 1))}
        onToday={() => navigate(new Date())}
        onZoomOut={() => applyZoom(clampZoom(zoom - 1))}
        onZoomIn={() => applyZoom(clampZoom(zoom + 1))}
        onToggleTheme={() => setMode((m) => (m === 'dark' ? 'light' : 'dark'))}
        onFilterData={onFilterData}
        onClearFilterData={onClearFilterData}
      />

      <div className={classes.body}>
        <div
          ref={mergedScrollerRef}
          data-testid="scheduler-scroller"
          className={height === undefined ? `${classes.scroller} ${classes.scrollerAuto}` : classes.scroller}
          onScroll={handleScroll}
        >
          <div
            className={classes.canvas}
            style={{
              width: resourceWidth + timeline.width,
              gridTemplateColumns: `${resourceWidth}px ${timeline.width}px`,
              gridTemplateRows: `${headerHeight}px auto`,
            }}
          >
            <div className={classes.corner}>
              <TextInput
                size="xs"
                placeholder={t.search}
                aria-label={t.search}
                value={query}
                onChange={(event) => setQuery(event.currentTarget.value)}
                leftSection={<IconSearch size={14} />}
                styles={{
                  input: {
                    backgroundColor: 'var(--pts-surface)',
                    color: 'var(--pts-text)',
                    borderColor: 'var(--pts-border)',
                  },
                }}
              />
            </div>
            <HeaderRows header={header} zoom={zoom} width={timeline.width} />

            {isEmpty ? (
              <div className={classes.emptyRow}>
                <div className={classes.emptyInner} style={{ width: measured ? scrollerWidth : '100%' }}>
                  <EmptyState
                    icon={<EmptyIllustration />}
                    title={t.feelingEmpty}
                    size="md"
                    style={{ '--empty-state-indicator-size': '9rem' } as CSSProperties}
                  />
                </div>
              </div>
            ) : (
              <>
                <ResourceList rows={layout.resources} onItemClick={onItemClick} withIcons={!narrow} />
                <GridBody
                  window={timeline}
                  header={header}
                  layout={layout}
                  now={now}
                  localeCode={localeCode}
                  onTileClick={onTileClick}
                  onMouseMove={cfg.showTooltip ? handleGridMouseMove : undefined}
                  onMouseLeave={cfg.showTooltip ? handleGridMouseLeave : undefined}
                />
              </>
            )}
          </div>
        </div>
        {isLoading && <LoadingEdges top={headerHeight} left={resourceWidth} viewportWidth={viewportWidth} />}
      </div>

      {(page.hasPrevious || page.hasNext) && (
        <div className={classes.pager}>
          {page.hasPrevious && (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconChevronUp size={14} />}
              onClick={() => goToPage(page.page - 1)}
            >
              {t.loadPrevious}
            </Button>
          )}
          {page.hasNext && (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconChevronDown size={14} />}
              onClick={() => goToPage(page.page + 1)}
            >
              {t.loadNext}
            </Button>
          )}
          <span className={classes.pageInfo}>
            {page.page + 1} / {page.pageCount}
          </span>
        </div>
      )}

      {cfg.showTooltip && <OccupancyTooltip ref={tooltipRef} content={tooltip} t={t} />}
    </div>
  );
}
