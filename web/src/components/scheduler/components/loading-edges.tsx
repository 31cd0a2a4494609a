import { Loader } from '@mantine/core';
import { LOADER_OVERLAY_WIDTH } from '../layout/constants';
import classes from '../scheduler.module.css';

export interface LoadingEdgesProps {
  top: number;
  left: number;
  viewportWidth: number;
}

/** Shimmering veils over both ends of the visible grid while a range loads. */
export function LoadingEdges({ top, left, viewportWidth }: LoadingEdgesProps) {
  const width = Math.max(0, Math.min(LOADER_OVERLAY_WIDTH, Math.floor(viewportWidth / 2)));
  if (width === 0) return null;
  return (
    <>
      <div className={classes.loadingEdge} data-side="left" style={{ top, left, width }}>
        <Loader size="sm" type="dots" color="var(--pts-primary)" />
      </div>
      <div className={classes.loadingEdge} data-side="right" style={{ top, left: left + viewportWidth - width, width }}>
        <Loader size="sm" type="dots" color="var(--pts-primary)" />
      </div>
    </>
  );
}
