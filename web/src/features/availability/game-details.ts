import type { OwnerGameDetails } from './api/types';

export const NOT_PROVIDED = 'Not provided';

export interface GameDetailsView {
  title: string;
  location: string;
  price: string;
  maxPlayers: string;
  playerCount: string;
  organizerEmail: string;
  /** The picture's address, or undefined when there is none ('Not provided' is shown). */
  organizerPicture: string | undefined;
}

const text = (value: string | null | undefined) => (value && value.trim() !== '' ? value : undefined);

/** '$12', '$12.50'. */
function dollars(amount: number): string {
  const whole = Number.isInteger(amount);
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** What the read-only Game Details dialog shows, with the spec's fallbacks (§2). */
export function gameDetailsView(details: OwnerGameDetails): GameDetailsView {
  return {
    title: text(details.name) ?? 'Game Details',
    location: text(details.location) ?? NOT_PROVIDED,
    price: details.price === null || details.price === undefined ? 'Free' : dollars(details.price),
    maxPlayers:
      details.maxPlayers === null || details.maxPlayers === undefined ? 'Unlimited' : String(details.maxPlayers),
    playerCount: String(details.playerCount ?? 0),
    organizerEmail: text(details.organizerEmail) ?? NOT_PROVIDED,
    organizerPicture: text(details.organizerProfilePicture),
  };
}
