/**
 * Issue #45: the join's guests: how many friends come with the player (0 up to the game's guests per
 * player), their names if the player wants to type them, and the price of the whole party.
 */
import { NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import {
  GUEST_NAME_MAX_LENGTH,
  GUESTS_LABEL,
  guestNameLabel,
  partyPriceLabel,
} from '@playtime/shared/contract/guests-texts';
import { formatDollars } from '../../../utils/money';

export interface GuestsChoice {
  guests: number;
  names: string[];
}

export const NO_GUESTS: GuestsChoice = { guests: 0, names: [] };

/** The choice as join-game and checkout take it: the names typed, blank ones dropped from the end. */
export function guestsOfChoice(choice: GuestsChoice): { guests: number; guestNames: string[] } {
  const names = choice.names.slice(0, choice.guests).map((name) => name.trim());
  while (names.length > 0 && names.at(-1) === '') names.pop();
  return { guests: choice.guests, guestNames: names };
}

export function GuestsPicker({
  guestsPerPlayer,
  priceCents,
  value,
  onChange,
}: {
  guestsPerPlayer: number;
  priceCents: number;
  value: GuestsChoice;
  onChange: (choice: GuestsChoice) => void;
}) {
  const counts = Array.from({ length: guestsPerPlayer + 1 }, (_, count) => String(count));
  return (
    <Stack gap="xs" data-testid="guests-picker">
      <NativeSelect
        label={GUESTS_LABEL}
        data={counts}
        value={String(value.guests)}
        onChange={(event) => onChange({ ...value, guests: Number(event.currentTarget.value) })}
        w="fit-content"
        miw={120}
      />
      {Array.from({ length: value.guests }, (_, index) => (
        <TextInput
          key={index}
          label={guestNameLabel(index)}
          maxLength={GUEST_NAME_MAX_LENGTH}
          value={value.names[index] ?? ''}
          onChange={(event) => {
            const names = [...value.names];
            names[index] = event.currentTarget.value;
            onChange({ ...value, names });
          }}
        />
      ))}
      {priceCents > 0 && (
        <Text fz="sm" data-testid="party-price" role="status">
          {partyPriceLabel(value.guests, formatDollars(priceCents * (1 + value.guests)))}
        </Text>
      )}
    </Stack>
  );
}
