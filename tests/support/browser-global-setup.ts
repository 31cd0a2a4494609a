import { buildWebIfStale } from '../../scripts/web-build';

/** Browser tests need the built web app. */
export default function setup(): void {
  buildWebIfStale();
}
