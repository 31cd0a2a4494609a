import { rentalCentsFor } from '@playtime/shared/domain/availability/rules';
import {
  DEFAULT_DECISION_HOURS,
  MAX_DECISION_HOURS,
  MAX_PLAYERS,
  MAX_PLAYERS_STEP,
  MAX_SIDELINE_SIZE,
  MIN_DECISION_HOURS,
  MIN_MINIMUM_PLAYERS,
  MIN_PLAYERS,
  MIN_SIDELINE_SIZE,
} from '@playtime/shared/domain/games/rules';
import { Alert, Box, Button, Checkbox, Group, NumberInput, Slider, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../../lib/current-user';
import { minimumPlayersNotice } from './minimum-players';
import {
  defaultGameName,
  MAX_PLAYERS_MARKS,
  priceError,
  settingsErrors,
  type GameSettings,
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
  });
}

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
    const { sidelineSize, minPlayers, decisionHours, maxPlayers, price } = draft;
    dispatch({ type: 'configure', name, maxPlayers, price, sidelineSize, minPlayers, decisionHours, ...change });
  };

  return (
    <Stack gap="lg">
      <TextInput label="Game Name" value={name} onChange={(event) => configure({ name: event.currentTarget.value })} />
      <Box px="xs" pb="lg">
        <Text fz="sm" fw={500} mb={4}>
          Max Players: {draft.maxPlayers}
        </Text>
        <Slider
          min={MIN_PLAYERS}
          max={MAX_PLAYERS}
          step={MAX_PLAYERS_STEP}
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
        label="Sideline size"
        description="How many may wait on the sideline beyond the max players; after that, a waitlist"
        min={MIN_SIDELINE_SIZE}
        max={MAX_SIDELINE_SIZE}
        allowDecimal={false}
        allowNegative={false}
        value={draft.sidelineSize}
        error={invalidSettings.sidelineSize}
        onChange={(value) => configure({ sidelineSize: value })}
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
              description={`${MIN_MINIMUM_PLAYERS} to ${draft.maxPlayers}`}
              min={MIN_MINIMUM_PLAYERS}
              max={draft.maxPlayers}
              allowDecimal={false}
              allowNegative={false}
              value={draft.minPlayers ?? ''}
              error={invalidSettings.minPlayers}
              onChange={(value) => configure({ minPlayers: value })}
              miw={160}
            />
            <NumberInput
              label="Decision time"
              description="Hours before the start"
              min={MIN_DECISION_HOURS}
              max={MAX_DECISION_HOURS}
              allowDecimal={false}
              allowNegative={false}
              value={draft.decisionHours}
              error={invalidSettings.decisionHours}
              onChange={(value) => configure({ decisionHours: value })}
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
