import type { OfferWindows } from '../domain/games/rules';
import type { Config } from '../infra/config/config';

/** The offer windows of issue #29 as the configuration sets them (OFFER_WINDOW_*_MINUTES). */
export function offerWindowsOf(
  config: Pick<
    Config,
    'OFFER_WINDOW_OVER_24H_MINUTES' | 'OFFER_WINDOW_OVER_2H_MINUTES' | 'OFFER_WINDOW_LAST_2H_MINUTES'
  >,
): OfferWindows {
  return {
    moreThanADayAwayMs: config.OFFER_WINDOW_OVER_24H_MINUTES * 60_000,
    moreThanTwoHoursAwayMs: config.OFFER_WINDOW_OVER_2H_MINUTES * 60_000,
    lastTwoHoursMs: config.OFFER_WINDOW_LAST_2H_MINUTES * 60_000,
  };
}
