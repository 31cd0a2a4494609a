import { rentalCentsFor } from '@playtime/shared/domain/availability/rules';
import {
  MAX_FREE_CANCELLATION_HOURS,
  MIN_FREE_CANCELLATION_HOURS,
  freeCancellationRule,
} from '@playtime/shared/contract/credit-texts';
import { GAME_SETTING_LIMITS as LIMITS } from '@playtime/shared/contract/games';
import {
  GUESTS_PER_PLAYER_HELP,
  GUESTS_PER_PLAYER_LABEL,
  MAX_GUESTS_PER_PLAYER,
  MIN_GUESTS_PER_PLAYER,
} from '@playtime/shared/contract/guests';
import { DEFAULT_DECISION_HOURS } from '@playtime/shared/domain/games/rules';
import { scheduledGameMoney } from '@playtime/shared/contract/game-page';
import {
  MIN_RELIABILITY_CEILING,
  MIN_RELIABILITY_FLOOR,
  RELIABILITY_MIN_GAMES,
  RELIABLE_PLAYERS_ONLY_LABEL,
} from '@playtime/shared/contract/attendance-texts';
import { Alert, Box, Button, Checkbox, Group, NumberInput, Slider, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../../lib/current-user';
import { minimumPlayersNotice } from './minimum-players';
import {
  defaultGameName,
  entryFeeDollars,
  MAX_PLAYERS_MARKS,
  priceError,
  settingsErrors,
  type GameSettings,
  type SettingsField,
  type WizardDraft,
} from './wizard-state';
import { useWizard } from './wizard-store';

/** The game's name as it will be created: what the captain typed, else the spec's default. */
export function useGameName(draft: WizardDraft): string {
  const user = useCurrentUser();
  return draft.name?.trim() || defaultGameName(user.data?.nickname || user.data?.username);
}

/**
 * What a game short of its minimum means for this field, or null without a valid minimum: the rental is
 * the held one once held, else the field's hourly price for the selected slot (the server's own rule).
 */
export function minimumNoticeFor(draft: WizardDraft, heldRentalCents?: number): string | null {
  const { field, selection, minPlayers, decisionHours } = draft;
  if (!field || !selection || minPlayers === null || Object.keys(settingsErrors(draft)).length > 0) return null;
  const slot = { start: Date.parse(selection.startDate), end: Date.parse(selection.endDate) };
  return minimumPlayersNotice({
    minPlayers: Number(minPlayers),
    decisionHours: Number(decisionHours),
    startDate: selection.startDate,
    cancellationWindowHours: field.cancellationWindowHours,
    rentalCents: heldRentalCents ?? rentalCentsFor(Math.round(field.price * 100), slot, field),
    // Entries paid within a few days of the start are only held on the card (issue #45).
    entries: scheduledGameMoney(Math.round((entryFeeDollars(draft.price) || 0) * 100), selection.startDate, Date.now()),
  });
}

/** What 'Reliable players only' starts at: four games in five present. */
const DEFAULT_MIN_RELIABILITY = 80;

/** Step 2: the game's name, its player cap and its entry fee (spec §2 Configure, §5). */
export function ConfigureStep() {
  const { state, dispatch } = useWizard();
  const navigate = useNavigate();
  const { draft } = state;
  const gameName = useGameName(draft);
  const name = draft.name ?? gameName;
  const invalidPrice = priceError(draft.price);
  const invalidSettings = settingsErrors(draft);
  const hasMinimum = draft.minPlayers !== null;
  const notice = minimumNoticeFor(draft);
  const configure = (change: Partial<Omit<GameSettings, 'name'> & { name: string }>) => {
    const { sidelineSize, minPlayers, decisionHours, minReliability, maxPlayers, price, freeCancellationHours } = draft;
    dispatch({
      type: 'configure',
      ...{ name, maxPlayers, price, sidelineSize, minPlayers, decisionHours, minReliability, freeCancellationHours },
      ...change,
    });
  };
  /** A whole-number setting's box: the draft's value (emptied: ''), the contract's refusal of it, its change. */
  const wholeNumber = (setting: SettingsField) => ({
    allowDecimal: false,
    allowNegative: false,
    value: draft[setting] ?? '',
    error: invalidSettings[setting],
    onChange: (value: number | string) => configure({ [setting]: value }),
  });

  return (
    <Stack gap="lg">
      <TextInput label="Game Name" value={name} onChange={(event) => configure({ name: event.currentTarget.value })} />
      <Box px="xs" pb="lg">
        <Text fz="sm" fw={500} mb={4}>
          Max Players: {draft.maxPlayers}
        </Text>
        <Slider
          {...LIMITS.maxPlayers}
          marks={MAX_PLAYERS_MARKS.map((value) => ({ value, label: String(value) }))}
          value={draft.maxPlayers}
          onChange={(value) => configure({ maxPlayers: value })}
          thumbLabel="Max Players"
        />
      </Box>
      <TextInput
        label="Price"
        description="Entry fee per player, in dollars"
        placeholder="$0"
        inputMode="decimal"
        value={draft.price}
        error={invalidPrice}
        onChange={(event) => configure({ price: event.currentTarget.value })}
      />
      <NumberInput
        label="Free cancellation"
        description={
          invalidSettings.freeCancellationHours
            ? 'Hours before the start'
            : `Hours before the start. ${freeCancellationRule(Number(draft.freeCancellationHours))}`
        }
        min={MIN_FREE_CANCELLATION_HOURS}
        max={MAX_FREE_CANCELLATION_HOURS}
        {...wholeNumber('freeCancellationHours')}
      />
      <NumberInput
        label="Sideline size"
        description="How many may wait on the sideline beyond the max players; after that, a waitlist"
        {...LIMITS.sidelineSize}
        {...wholeNumber('sidelineSize')}
      />
      <NumberInput
        label={GUESTS_PER_PLAYER_LABEL}
        description={GUESTS_PER_PLAYER_HELP}
        min={MIN_GUESTS_PER_PLAYER}
        max={MAX_GUESTS_PER_PLAYER}
        {...wholeNumber('guestsPerPlayer')}
      />
      <Stack gap="xs">
        <Checkbox
          label="Cancel the game if too few players join"
          checked={hasMinimum}
          onChange={(event) =>
            configure(
              event.currentTarget.checked
                ? { minPlayers: Math.min(draft.maxPlayers, 10), decisionHours: DEFAULT_DECISION_HOURS }
                : { minPlayers: null },
            )
          }
        />
        {hasMinimum && (
          <Group grow align="flex-start" wrap="wrap">
            <NumberInput
              label="Minimum players"
              description={`${LIMITS.minPlayers.min} to ${draft.maxPlayers}`}
              {...LIMITS.minPlayers}
              max={draft.maxPlayers}
              {...wholeNumber('minPlayers')}
              miw={160}
            />
            <NumberInput
              label="Decision time"
              description="Hours before the start"
              {...LIMITS.decisionHours}
              {...wholeNumber('decisionHours')}
              miw={160}
            />
          </Group>
        )}
        {notice && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="minimum-notice">
            {notice}
          </Alert>
        )}
      </Stack>
      <Stack gap="xs">
        <Checkbox
          label={RELIABLE_PLAYERS_ONLY_LABEL}
          description={`Players with fewer than ${RELIABILITY_MIN_GAMES} marked games are always welcome`}
          checked={draft.minReliability !== null}
          onChange={(event) =>
            configure({ minReliability: event.currentTarget.checked ? DEFAULT_MIN_RELIABILITY : null })
          }
        />
        {draft.minReliability !== null && (
          <NumberInput
            label="Minimum reliability"
            description={`The percent a player needs to join: ${MIN_RELIABILITY_FLOOR} to ${MIN_RELIABILITY_CEILING}`}
            min={MIN_RELIABILITY_FLOOR}
            max={MIN_RELIABILITY_CEILING}
            suffix="%"
            {...wholeNumber('minReliability')}
            maw={240}
          />
        )}
      </Stack>
      <Group justify="flex-end">
        <Button
          disabled={invalidPrice !== null || Object.keys(invalidSettings).length > 0}
          onClick={() => void navigate('/organize/confirm')}
        >
          Done
        </Button>
      </Group>
    </Stack>
  );
}
